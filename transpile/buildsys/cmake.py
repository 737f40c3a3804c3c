"""CMake migration: the CUDA language, packages, targets, variables and flags become HIP's (or plain C++ for
SYCL), as byte-range edits that keep comments and layout.

CMake's grammar is small and regular (commands, arguments: unquoted, "quoted" or [[bracket]], and
`#` / `#[[...]]` comments), so a tokenizer here reads it exactly. The tree-sitter-cmake package parses it too,
but ships only a source distribution (a C build at install time), for no gain over these fifty lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import Safety, Status
from ..edits import Edit
from .codes import (
    BUILD_COMPILER,
    CMAKE_ARCHITECTURES,
    CMAKE_CU_SOURCES,
    CMAKE_FIND_PACKAGE,
    CMAKE_IMPORTED_TARGET,
    CMAKE_LANGUAGE,
    CMAKE_LEGACY_COMMAND,
    CMAKE_NO_COUNTERPART,
    CMAKE_SYCL_COMPILER,
    CMAKE_UNCONVERTED,
    CMAKE_VARIABLE,
)
from .flags import Finding, FlagTranslator, Word


class CMakeSyntaxError(ValueError):
    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Arg:
    start: int  # the whole argument, quotes included
    end: int
    kind: str  # unquoted | quoted | bracket
    text: str  # as written, without quotes or brackets

    @property
    def value_start(self) -> int:
        return self.start + (1 if self.kind == "quoted" else 0)


@dataclass
class Command:
    name: str
    start: int  # the name
    name_end: int
    end: int  # one past ')'
    indent: str
    args: list[Arg] = field(default_factory=list)

    @property
    def lname(self) -> str:
        return self.name.lower()


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_BRACKET_OPEN = re.compile(r"\[(=*)\[")


def parse(text: str) -> list[Command]:
    """The commands of a CMake file (decoded as latin-1, so offsets are bytes)."""
    cmds: list[Command] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif c == "#":
            i = _skip_comment(text, i)
        else:
            m = _IDENT.match(text, i)
            if not m:
                raise CMakeSyntaxError(i, f"unexpected {c!r}")
            j = m.end()
            while j < n and text[j] in " \t":
                j += 1
            if j >= n or text[j] != "(":
                raise CMakeSyntaxError(i, f"expected '(' after {m.group()}")
            line_start = text.rfind("\n", 0, i) + 1
            indent = text[line_start:i] if not text[line_start:i].strip() else ""
            cmd = Command(m.group(), i, m.end(), 0, indent)
            i = _args(text, j + 1, cmd)
            cmds.append(cmd)
    return cmds


def _skip_comment(text: str, i: int) -> int:
    m = _BRACKET_OPEN.match(text, i + 1)
    if m:
        close = text.find("]" + m.group(1) + "]", m.end())
        if close < 0:
            raise CMakeSyntaxError(i, "unterminated bracket comment")
        return close + len(m.group(1)) + 2
    nl = text.find("\n", i)
    return len(text) if nl < 0 else nl


def _args(text: str, i: int, cmd: Command) -> int:
    depth, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif c == "#":
            i = _skip_comment(text, i)
        elif c == "(":
            depth += 1
            i += 1
        elif c == ")":
            if depth == 0:
                cmd.end = i + 1
                return i + 1
            depth -= 1
            i += 1
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                raise CMakeSyntaxError(i, "unterminated quoted argument")
            cmd.args.append(Arg(i, j + 1, "quoted", text[i + 1 : j]))
            i = j + 1
        elif (m := _BRACKET_OPEN.match(text, i)) is not None:
            close = text.find("]" + m.group(1) + "]", m.end())
            if close < 0:
                raise CMakeSyntaxError(i, "unterminated bracket argument")
            end = close + len(m.group(1)) + 2
            cmd.args.append(Arg(i, end, "bracket", text[m.end() : close]))
            i = end
        else:
            # Unquoted: up to a blank, a parenthesis, a quote or a comment (a blank ends it even inside
            # `$<...>`, as in CMake itself).
            j = i
            while j < n and text[j] not in ' \t\r\n()#"':
                j += 2 if text[j] == "\\" else 1
            j = min(j, n)
            cmd.args.append(Arg(i, j, "unquoted", text[i:j]))
            i = j
    raise CMakeSyntaxError(cmd.start, f"unterminated {cmd.name}(")


# --- the migration tables -------------------------------------------------------------------------------

# CUDA:: target -> (HIP target, the package that exports it); SYCL: "" drops, None leaves it reported.
_TARGETS: dict[str, tuple[str, str]] = {
    "cudart": ("hip::host", "hip"),
    "cudart_static": ("hip::host", "hip"),
    "cuda_driver": ("hip::host", "hip"),
    "cublas": ("roc::hipblas", "hipblas"),
    "cublas_static": ("roc::hipblas", "hipblas"),
    "curand": ("hip::hiprand", "hiprand"),
    "curand_static": ("hip::hiprand", "hiprand"),
    "cufft": ("hip::hipfft", "hipfft"),
    "cufft_static": ("hip::hipfft", "hipfft"),
    "cusparse": ("roc::hipsparse", "hipsparse"),
    "cusparse_static": ("roc::hipsparse", "hipsparse"),
    "cusolver": ("roc::hipsolver", "hipsolver"),
    "cusolver_static": ("roc::hipsolver", "hipsolver"),
}
_RUNTIME = {"cudart", "cudart_static", "cuda_driver", "cuda"}
# FindCUDA result variables -> the library they hold.
_LIB_VARS = {
    "CUDA_LIBRARIES": "cudart",
    "CUDA_CUDART_LIBRARY": "cudart",
    "CUDA_CUDA_LIBRARY": "cuda_driver",
    "CUDA_CUBLAS_LIBRARIES": "cublas",
    "CUDA_cublas_LIBRARY": "cublas",
    "CUDA_curand_LIBRARY": "curand",
    "CUDA_CUFFT_LIBRARIES": "cufft",
    "CUDA_cufft_LIBRARY": "cufft",
    "CUDA_cusparse_LIBRARY": "cusparse",
    "CUDA_cusolver_LIBRARY": "cusolver",
}
_INCLUDE_VARS = {"CUDA_INCLUDE_DIRS", "CUDAToolkit_INCLUDE_DIRS", "CUDA_TOOLKIT_INCLUDE"}
# CMAKE_CUDA_<X> and CUDA_<X> properties that have a HIP (and C++) counterpart of the same shape.
_VAR_SUFFIXES = re.compile(
    r"^(?:FLAGS(?:_\w+)?|FLAGS_INIT|STANDARD|STANDARD_REQUIRED|EXTENSIONS|COMPILER|COMPILER_ID|"
    r"COMPILER_VERSION|COMPILER_LAUNCHER|VISIBILITY_PRESET|COMPILER_LOADED|COMPILER_FORCED|OUTPUT_EXTENSION)$"
)
_PROP_SUFFIXES = re.compile(
    r"^(?:STANDARD|STANDARD_REQUIRED|EXTENSIONS|VISIBILITY_PRESET|COMPILER_LAUNCHER)$"
)
_NO_COUNTERPART = {
    "SEPARABLE_COMPILATION": "HIP has no such property: add -fgpu-rdc to the compile and link options",
    "RESOLVE_DEVICE_SYMBOLS": "HIP has no device-link step: -fgpu-rdc at link time does it",
    "RUNTIME_LIBRARY": "hipcc/clang always link the shared HIP runtime",
    "PTX_COMPILATION": "PTX output has no AMD counterpart",
    "HOST_COMPILER": "clang compiles HIP host code itself: no separate host compiler",
    "NVCC_FLAGS": "FindCUDA's nvcc flag list: move the flags to target_compile_options or CMAKE_HIP_FLAGS",
    "NVCC_FLAGS_DEBUG": "FindCUDA's nvcc flag list: move the flags to CMAKE_HIP_FLAGS_DEBUG",
    "NVCC_FLAGS_RELEASE": "FindCUDA's nvcc flag list: move the flags to CMAKE_HIP_FLAGS_RELEASE",
    "PROPAGATE_HOST_FLAGS": "FindCUDA setting with no counterpart",
}
# The same properties as SYCL sees them (a SYCL report must not send the user to HIP's flags).
_NO_COUNTERPART_SYCL = {
    "SEPARABLE_COMPILATION": "SYCL compilers link device code across translation units without it: remove it",
    "RESOLVE_DEVICE_SYMBOLS": "SYCL has no separate device-link step: remove it",
    "RUNTIME_LIBRARY": "the SYCL compiler links its own runtime",
    "PTX_COMPILATION": "PTX output has no SYCL counterpart",
    "HOST_COMPILER": "the SYCL compiler compiles host code itself: no separate host compiler",
    "NVCC_FLAGS": "FindCUDA's nvcc flag list: move the flags to target_compile_options or CMAKE_CXX_FLAGS",
    "NVCC_FLAGS_DEBUG": "FindCUDA's nvcc flag list: move the flags to CMAKE_CXX_FLAGS_DEBUG",
    "NVCC_FLAGS_RELEASE": "FindCUDA's nvcc flag list: move the flags to CMAKE_CXX_FLAGS_RELEASE",
    "PROPAGATE_HOST_FLAGS": "FindCUDA setting with no counterpart",
}
_NAME = re.compile(r"(?<![\w:])(CMAKE_CUDA_(\w+)|CUDA_(\w+)|CUDAToolkit_\w+)")
_VAR_REF = re.compile(r"\$\{(\w+)\}")
_CUDA_TARGET = re.compile(r"(?<![\w:])CUDA::(\w+)")
_LANG_GENEX = re.compile(
    r"\$<(?:COMPILE_LANGUAGE|LINK_LANGUAGE|COMPILE_LANG_AND_ID|LINK_LANG_AND_ID):(CUDA)\b"
)
_CU_FILE = re.compile(r"\.cu$")
_FLAG_COMMANDS = frozenset(
    {
        "set",
        "list",
        "string",
        "target_compile_options",
        "add_compile_options",
        "target_link_options",
        "add_link_options",
        "set_property",
        "set_target_properties",
        "set_source_files_properties",
        "cuda_add_executable",
        "cuda_add_library",
        "target_link_libraries",
        "link_libraries",
        "add_definitions",
    }
)
_PROSE_COMMANDS = frozenset({"message", "option", "cmake_dependent_option"})
_SOURCE_COMMANDS = frozenset(
    {
        "add_executable",
        "add_library",
        "target_sources",
        "cuda_add_executable",
        "cuda_add_library",
        "set",
        "list",
    }
)


class Migration:
    def __init__(self, text: str, target: str, arches: tuple[str, ...]) -> None:
        self.text = text
        self.target = target
        self.hip = target == "hip"
        self.arches = arches
        self.out: list[Finding] = []
        self.flags = FlagTranslator(target, arches)

    # -- helpers
    def add(
        self,
        code: str,
        message: str,
        start: int,
        end: int,
        status: Status,
        edits: list[Edit] | None = None,
        safety: Safety = Safety.SAFE,
        symbol: str = "",
    ) -> None:
        self.out.append(
            Finding(code, message, start, end, status, symbol or self.text[start:end], safety, edits or [])
        )

    def drop_arg(self, args: list[Arg], k: int) -> Edit:
        """An edit removing args[k] with the blanks before it (or after it, for the first)."""
        a = args[k]
        if k > 0:
            start = a.start
            while start > args[k - 1].end and self.text[start - 1] in " \t":
                start -= 1
            return Edit(start, a.end, "")
        end = a.end
        while end < len(self.text) and self.text[end] in " \t":
            end += 1
        return Edit(a.start, end, "")

    def eol(self, pos: int) -> int:
        """Where to insert a line after a command: the end of its line, after any trailing comment."""
        nl = self.text.find("\n", pos)
        return len(self.text) if nl < 0 else nl

    def drop_command(self, cmd: Command) -> Edit:
        return Edit(cmd.start, cmd.end, "")

    def _hip_language(self, cmd: Command, sources: str, start: int, end: int, message: str) -> None:
        """GP407: give `sources` LANGUAGE HIP with a line added after `cmd` (CMake takes .cu for CUDA)."""
        line = f"\n{cmd.indent}set_source_files_properties({sources} PROPERTIES LANGUAGE HIP)"
        edit = Edit(self.eol(cmd.end), self.eol(cmd.end), line)
        self.add(CMAKE_CU_SOURCES, message, start, end, Status.CONVERTED, [edit], symbol=".cu")

    # -- the pass
    def run(self, cmds: list[Command]) -> list[Finding]:
        used_libs = self._used_packages(cmds)
        user_vars = {c.args[0].text for c in cmds if c.lname in ("set", "option") and c.args}
        has_arch = any("CUDA_ARCHITECTURES" in a.text for c in cmds for a in c.args)
        found_package = False
        arch_inserted = has_arch
        for cmd in cmds:
            name = cmd.lname
            handled: set[int] = set()  # argument indexes a command-level finding took
            if name == "project" or name in ("enable_language", "check_language"):
                handled |= self._languages(cmd)
                if not arch_inserted and self.hip and handled:
                    arch_inserted = True
                    value = ";".join(self.arches)
                    self.add(
                        CMAKE_ARCHITECTURES,
                        f"no CUDA architectures were set: CMAKE_HIP_ARCHITECTURES set to {value}",
                        cmd.start,
                        cmd.name_end,
                        Status.WARNING,
                        [
                            Edit(
                                self.eol(cmd.end),
                                self.eol(cmd.end),
                                f'\n{cmd.indent}set(CMAKE_HIP_ARCHITECTURES "{value}")',
                            )
                        ],
                        Safety.REVIEW,
                        cmd.name,
                    )
                if name == "project" and not self.hip and handled:
                    self.add(
                        CMAKE_SYCL_COMPILER,
                        "configure with a SYCL 2020 compiler",
                        cmd.start,
                        cmd.name_end,
                        Status.WARNING,
                        [
                            Edit(
                                self.eol(cmd.end),
                                self.eol(cmd.end),
                                f"\n{cmd.indent}# gpuport: configure with a "
                                "SYCL 2020 compiler: -DCMAKE_CXX_COMPILER=icpx "
                                "-DCMAKE_CXX_FLAGS=-fsycl, or AdaptiveCpp's acpp",
                            )
                        ],
                        Safety.REVIEW,
                        cmd.name,
                    )
            elif name == "find_package" and cmd.args and cmd.args[0].text in ("CUDA", "CUDAToolkit"):
                self._find_package(cmd, used_libs if not found_package else [])
                found_package = True
                continue
            elif name.startswith("cuda_"):
                if self._legacy(cmd):
                    continue
            if name in ("set",) and cmd.args and cmd.args[0].text == "CMAKE_CUDA_ARCHITECTURES":
                self._set_arch(cmd)
                continue
            handled |= self._properties(cmd)
            handled |= self._cu_sources(cmd)
            if name in ("target_link_libraries", "link_libraries"):
                handled |= self._bare_libs(cmd)
            if name in _FLAG_COMMANDS:
                handled |= self._flags(cmd, handled)
            self._names(cmd, handled, user_vars)
        return self.out

    def _used_packages(self, cmds: list[Command]) -> list[str]:
        used: list[str] = []
        for cmd in cmds:
            names = [m.group(1) for a in cmd.args for m in _CUDA_TARGET.finditer(a.text)]
            names += [
                _LIB_VARS[m.group(1)]
                for a in cmd.args
                for m in _VAR_REF.finditer(a.text)
                if m.group(1) in _LIB_VARS
            ]
            if cmd.lname in ("target_link_libraries", "link_libraries"):
                names += [a.text for a in cmd.args if a.text in _TARGETS]
            if cmd.lname == "cuda_add_cublas_to_target":
                names.append("cublas")
            if cmd.lname == "cuda_add_cufft_to_target":
                names.append("cufft")
            for n in names:
                pkg = _TARGETS.get(n, ("", ""))[1]
                if pkg and pkg != "hip" and pkg not in used:
                    used.append(pkg)
        return used

    def _languages(self, cmd: Command) -> set[int]:
        args = cmd.args
        if cmd.lname == "project":
            keys = {"VERSION", "DESCRIPTION", "HOMEPAGE_URL", "LANGUAGES"}
            idx = [k for k, a in enumerate(args) if a.text == "LANGUAGES"]
            if idx:
                langs = []
                for k in range(idx[0] + 1, len(args)):
                    if args[k].text in keys:
                        break
                    langs.append(k)
            else:
                langs = []
                for k in range(1, len(args)):
                    if args[k].text in keys:
                        break
                    langs.append(k)
        else:
            langs = list(range(len(args)))
        cuda = [k for k in langs if args[k].text == "CUDA"]
        if not cuda:
            return set()
        k = cuda[0]
        if self.hip:
            self.add(
                CMAKE_LANGUAGE,
                "CUDA language -> HIP",
                args[k].start,
                args[k].end,
                Status.CONVERTED,
                [Edit(args[k].start, args[k].end, "HIP")],
            )
        elif any(args[j].text == "CXX" for j in langs) and cmd.lname == "project":
            self.add(
                CMAKE_LANGUAGE,
                "CUDA language removed: SYCL sources are C++",
                args[k].start,
                args[k].end,
                Status.CONVERTED,
                [self.drop_arg(args, k)],
            )
        else:
            self.add(
                CMAKE_LANGUAGE,
                "CUDA language -> CXX: SYCL sources are C++",
                args[k].start,
                args[k].end,
                Status.CONVERTED,
                [Edit(args[k].start, args[k].end, "CXX")],
            )
        return {k}

    def _find_package(self, cmd: Command, libs: list[str]) -> None:
        if self.hip:
            lines = ["find_package(hip REQUIRED)"] + [f"find_package({p} REQUIRED)" for p in libs]
            new = f"\n{cmd.indent}".join(lines)
            self.add(
                CMAKE_FIND_PACKAGE,
                f"find_package({cmd.args[0].text}) -> {', '.join(lines)}",
                cmd.start,
                cmd.end,
                Status.CONVERTED,
                [Edit(cmd.start, cmd.end, new)],
                symbol=cmd.args[0].text,
            )
        else:
            self.add(
                CMAKE_FIND_PACKAGE,
                f"find_package({cmd.args[0].text}) removed: SYCL needs no package",
                cmd.start,
                cmd.end,
                Status.CONVERTED,
                [self.drop_command(cmd)],
                Safety.REVIEW,
                cmd.args[0].text,
            )

    def _legacy(self, cmd: Command) -> bool:
        """FindCUDA commands. True when the whole command was handled."""
        name, args = cmd.lname, cmd.args
        rename = {
            "cuda_add_executable": "add_executable",
            "cuda_add_library": "add_library",
            "cuda_include_directories": "include_directories",
        }
        if name in rename:
            self.add(
                CMAKE_LEGACY_COMMAND,
                f"{cmd.name} -> {rename[name]}",
                cmd.start,
                cmd.name_end,
                Status.CONVERTED,
                [Edit(cmd.start, cmd.name_end, rename[name])],
            )
            opt = next((k for k, a in enumerate(args) if a.text == "OPTIONS"), None)
            if opt is not None:
                flags = " ".join(a.text for a in args[opt + 1 :])
                start = self.drop_arg(args, opt).start
                self.add(
                    CMAKE_LEGACY_COMMAND,
                    f"nvcc OPTIONS dropped ({flags}): add them with target_compile_options",
                    args[opt].start,
                    args[-1].end,
                    Status.WARNING,
                    [Edit(start, args[-1].end, "")],
                    Safety.REVIEW,
                    "OPTIONS",
                )
            return False  # sources still need their LANGUAGE
        libs = {"cuda_add_cublas_to_target": "cublas", "cuda_add_cufft_to_target": "cufft"}
        if name in libs and args:
            if not self.hip:
                self.add(
                    CMAKE_LEGACY_COMMAND,
                    f"{cmd.name}: no SYCL 2020 counterpart",
                    cmd.start,
                    cmd.end,
                    Status.UNCONVERTED,
                    safety=Safety.REVIEW,
                    symbol=cmd.name,
                )
                return True
            tgt = _TARGETS[libs[name]][0]
            new = f"target_link_libraries({args[0].text} {tgt})"
            self.add(
                CMAKE_LEGACY_COMMAND,
                f"{cmd.name} -> {new}",
                cmd.start,
                cmd.end,
                Status.CONVERTED,
                [Edit(cmd.start, cmd.end, new)],
                symbol=cmd.name,
            )
            return True
        self.add(
            CMAKE_LEGACY_COMMAND,
            f"{cmd.name}: FindCUDA command with no counterpart",
            cmd.start,
            cmd.name_end,
            Status.UNCONVERTED,
            safety=Safety.REVIEW,
            symbol=cmd.name,
        )
        return True

    def _arch_value(self) -> str:
        return '"' + ";".join(self.arches) + '"'

    def _set_arch(self, cmd: Command) -> None:
        args = cmd.args
        if not self.hip:
            self.add(
                CMAKE_ARCHITECTURES,
                "CUDA architectures removed: SYCL compilers choose devices with their own flags",
                cmd.start,
                cmd.end,
                Status.CONVERTED,
                [self.drop_command(cmd)],
                Safety.REVIEW,
                "CMAKE_CUDA_ARCHITECTURES",
            )
            return
        values = [k for k in range(1, len(args)) if args[k].text not in ("CACHE", "PARENT_SCOPE")]
        stop = next((k for k in range(1, len(args)) if args[k].text in ("CACHE", "PARENT_SCOPE")), len(args))
        values = [k for k in values if k < stop]
        edits = [Edit(args[0].start, args[0].end, "CMAKE_HIP_ARCHITECTURES")]
        if values:
            edits.append(Edit(args[values[0]].start, args[values[-1]].end, self._arch_value()))
        self.add(
            CMAKE_ARCHITECTURES,
            f"CMAKE_CUDA_ARCHITECTURES -> CMAKE_HIP_ARCHITECTURES {self._arch_value()}",
            args[0].start,
            args[0].end,
            Status.CONVERTED,
            edits,
            Safety.REVIEW,
        )

    def _properties(self, cmd: Command) -> set[int]:
        """CUDA_* property names used as keywords: CUDA_ARCHITECTURES, CUDA_STANDARD, LANGUAGE CUDA..."""
        taken: set[int] = set()
        args = cmd.args
        for k, a in enumerate(args):
            if a.kind != "unquoted":
                continue
            if a.text == "CUDA" and k > 0 and args[k - 1].text == "LANGUAGE":
                new = "HIP" if self.hip else "CXX"
                self.add(
                    CMAKE_LANGUAGE,
                    f"LANGUAGE CUDA -> {new}",
                    a.start,
                    a.end,
                    Status.CONVERTED,
                    [Edit(a.start, a.end, new)],
                )
                taken.add(k)
            elif a.text == "CUDA_ARCHITECTURES" and cmd.lname in ("set_target_properties", "set_property"):
                last = len(args) - 1 if cmd.lname == "set_property" else min(k + 1, len(args) - 1)
                if self.hip:
                    edits = [Edit(a.start, a.end, "HIP_ARCHITECTURES")]
                    if last > k:
                        edits.append(Edit(args[k + 1].start, args[last].end, self._arch_value()))
                    self.add(
                        CMAKE_ARCHITECTURES,
                        f"CUDA_ARCHITECTURES -> HIP_ARCHITECTURES {self._arch_value()}",
                        a.start,
                        a.end,
                        Status.CONVERTED,
                        edits,
                        Safety.REVIEW,
                    )
                else:
                    start = self.drop_arg(args, k).start
                    self.add(
                        CMAKE_ARCHITECTURES,
                        "CUDA_ARCHITECTURES removed: no SYCL counterpart",
                        a.start,
                        a.end,
                        Status.CONVERTED,
                        [Edit(start, args[last].end, "")],
                        Safety.REVIEW,
                    )
                taken.update(range(k, last + 1))
        return taken

    def _cu_sources(self, cmd: Command) -> set[int]:
        name, args = cmd.lname, cmd.args
        taken: set[int] = set()
        if name == "file" and len(args) > 2 and args[0].text in ("GLOB", "GLOB_RECURSE"):
            pats = [
                k
                for k in range(2, len(args))
                if args[k].text
                not in ("CONFIGURE_DEPENDS", "LIST_DIRECTORIES", "RELATIVE", "FOLLOW_SYMLINKS")
            ]
            cu = [k for k in pats if args[k].text.endswith(".cu")]
            if not cu:
                return taken
            if not self.hip:
                for k in cu:
                    e = args[k].value_start + len(args[k].text)
                    self.add(
                        CMAKE_CU_SOURCES,
                        "*.cu -> *.cpp: the SYCL tree renames .cu files",
                        args[k].start,
                        args[k].end,
                        Status.CONVERTED,
                        [Edit(e - 3, e, ".cpp")],
                    )
                return set(cu)
            if len(cu) == len(pats):
                var = args[1].text
                self._hip_language(
                    cmd, f"${{{var}}}", args[1].start, args[1].end, "globbed .cu sources get LANGUAGE HIP"
                )
            else:
                self.add(
                    CMAKE_CU_SOURCES,
                    "a glob mixing .cu with other files: give the .cu files LANGUAGE HIP by hand",
                    args[1].start,
                    args[1].end,
                    Status.WARNING,
                    safety=Safety.REVIEW,
                    symbol=".cu",
                )
            return set(cu)
        if name not in _SOURCE_COMMANDS:
            return taken
        if name == "list" and (not args or args[0].text not in ("APPEND", "PREPEND", "INSERT")):
            return taken
        cu = [
            k
            for k, a in enumerate(args)
            if a.kind != "bracket" and "$" not in a.text and _CU_FILE.search(a.text) and k > 0
        ]
        if not cu:
            return taken
        if self.hip:
            names = " ".join(self.text[args[k].start : args[k].end] for k in cu)
            self._hip_language(
                cmd,
                names,
                args[cu[0]].start,
                args[cu[-1]].end,
                ".cu sources get LANGUAGE HIP (CMake takes .cu for CUDA)",
            )
        else:
            for k in cu:
                e = args[k].value_start + len(args[k].text)
                self.add(
                    CMAKE_CU_SOURCES,
                    ".cu -> .cpp: the SYCL tree renames .cu files",
                    args[k].start,
                    args[k].end,
                    Status.CONVERTED,
                    [Edit(e - 3, e, ".cpp")],
                )
            taken.update(cu)
        return taken

    def _bare_libs(self, cmd: Command) -> set[int]:
        taken: set[int] = set()
        for k, a in enumerate(cmd.args):
            lib = "cudart" if a.text == "cuda" else a.text
            if a.kind != "unquoted" or k == 0 or lib not in _TARGETS:
                continue
            self._target(a, a.start, a.end, lib, cmd.args, k)
            taken.add(k)
        return taken

    def _target(self, a: Arg, start: int, end: int, lib: str, args: list[Arg], k: int) -> None:
        whole = start == a.start and end == a.end
        if self.hip:
            if lib in _TARGETS:
                new = _TARGETS[lib][0]
                self.add(
                    CMAKE_IMPORTED_TARGET,
                    f"{self.text[start:end]} -> {new}",
                    start,
                    end,
                    Status.CONVERTED,
                    [Edit(start, end, new)],
                )
            else:
                self.add(
                    CMAKE_IMPORTED_TARGET,
                    f"{self.text[start:end]}: no ROCm counterpart",
                    start,
                    end,
                    Status.UNCONVERTED,
                    safety=Safety.REVIEW,
                )
        elif lib in _RUNTIME and whole:
            self.add(
                CMAKE_IMPORTED_TARGET,
                f"{self.text[start:end]} removed: the SYCL compiler links its runtime",
                start,
                end,
                Status.CONVERTED,
                [self.drop_arg(args, k)],
            )
        else:
            self.add(
                CMAKE_IMPORTED_TARGET,
                f"{self.text[start:end]}: no SYCL 2020 counterpart",
                start,
                end,
                Status.UNCONVERTED,
                safety=Safety.REVIEW,
            )

    def _flags(self, cmd: Command, handled: set[int]) -> set[int]:
        words: list[Word] = []
        for k, a in enumerate(cmd.args):
            if k in handled or a.kind == "bracket":
                continue
            base = a.value_start
            for m in re.finditer(r"[^\s;]+", a.text):
                t, s = m.group(), base + m.start()
                if t.startswith("SHELL:"):
                    t, s = t[6:], s + 6
                g = re.match(r"^\$<.*:(-[^>]*)>*$", t)  # $<$<COMPILE_LANGUAGE:HIP>:--use_fast_math>
                if g:
                    s, t = s + g.start(1), g.group(1)
                words.append(Word(s, s + len(t), t))
        found = self.flags.run(words)
        for f in found:
            if (
                f.code == BUILD_COMPILER and self.hip
            ):  # CMake's HIP language wants clang++, not the hipcc wrapper
                f.message = (
                    f"`{f.symbol}` -> `clang++`: CMake's HIP language needs ROCm's clang++ (not hipcc)"
                )
                f.edits = [Edit(f.start, f.end, "clang++")]
                f.safety = Safety.REVIEW
        self.out.extend(found)
        return {
            k
            for k, a in enumerate(cmd.args)
            if a.kind == "unquoted" and any(a.start <= f.start < a.end for f in found)
        }

    def _names(self, cmd: Command, handled: set[int], user_vars: set[str]) -> None:
        """Names in arguments: CUDA::x targets, CMAKE_CUDA_* / CUDA_* variables and properties, genexes."""
        # Ranges other findings hold (an argument may hold a flag and a name: each part once).
        taken = [(f.start, f.end) for f in self.out] + [(e.start, e.end) for f in self.out for e in f.edits]
        del handled
        for k, a in enumerate(cmd.args):
            if a.kind == "bracket":
                continue
            prose = a.kind == "quoted" and cmd.lname in _PROSE_COMMANDS
            base = a.value_start
            for m in _LANG_GENEX.finditer(a.text):
                s = base + m.start(1)
                if any(ts <= s < te for ts, te in taken):
                    continue
                new = "HIP" if self.hip else "CXX"
                self.add(
                    CMAKE_LANGUAGE, f"$<..:CUDA> -> {new}", s, s + 4, Status.CONVERTED, [Edit(s, s + 4, new)]
                )
            for m in _CUDA_TARGET.finditer(a.text):
                s, e = base + m.start(), base + m.end()
                if not any(ts <= s < te for ts, te in taken):
                    self._target(a, s, e, m.group(1), cmd.args, k)
            for m in _VAR_REF.finditer(a.text):
                var = m.group(1)
                s, e = base + m.start(), base + m.end()
                if any(ts <= s < te for ts, te in taken):
                    continue
                if var in _LIB_VARS:
                    self._target(a, s, e, _LIB_VARS[var], cmd.args, k)
                elif var in _INCLUDE_VARS:
                    if self.hip:
                        self.add(
                            CMAKE_IMPORTED_TARGET,
                            f"${{{var}}} -> ${{hip_INCLUDE_DIRS}}",
                            s,
                            e,
                            Status.CONVERTED,
                            [Edit(s, e, "${hip_INCLUDE_DIRS}")],
                        )
                    else:
                        self.add(
                            CMAKE_IMPORTED_TARGET,
                            f"${{{var}}}: no SYCL counterpart (remove it)",
                            s,
                            e,
                            Status.UNCONVERTED,
                            safety=Safety.REVIEW,
                        )
            for m in _NAME.finditer(a.text):
                s, e = base + m.start(), base + m.end()
                inside_ref = self.text[s - 2 : s] == "${"
                if prose and not inside_ref:
                    continue
                if any(ts <= s < te for ts, te in taken) or self.text[s:e] in _INCLUDE_VARS:
                    continue
                if m.group(1) in _LIB_VARS and inside_ref:
                    continue
                self._name(m, s, e, user_vars, inside_ref, cmd.lname)

    def _name(
        self, m: re.Match[str], s: int, e: int, user_vars: set[str], inside_ref: bool, cmd: str
    ) -> None:
        full = m.group(1)
        lang = "HIP" if self.hip else "CXX"
        suffix = m.group(2) or m.group(3) or ""
        if full.startswith("CMAKE_CUDA_") and _VAR_SUFFIXES.match(suffix):
            new = f"CMAKE_{lang}_{suffix}"
            safety = Safety.SAFE if self.hip else Safety.REVIEW
            self.add(CMAKE_VARIABLE, f"{full} -> {new}", s, e, Status.CONVERTED, [Edit(s, e, new)], safety)
        elif full == "CMAKE_CUDA_ARCHITECTURES":
            if self.hip:
                self.add(
                    CMAKE_ARCHITECTURES,
                    f"{full} -> CMAKE_HIP_ARCHITECTURES",
                    s,
                    e,
                    Status.CONVERTED,
                    [Edit(s, e, "CMAKE_HIP_ARCHITECTURES")],
                )
            else:
                self.add(
                    CMAKE_ARCHITECTURES,
                    f"{full}: no SYCL counterpart",
                    s,
                    e,
                    Status.UNCONVERTED,
                    safety=Safety.REVIEW,
                )
        elif (
            full.startswith("CUDA_")
            and _PROP_SUFFIXES.match(suffix)
            and not inside_ref
            and full not in user_vars
        ):
            new = f"{lang}_{suffix}"
            self.add(CMAKE_VARIABLE, f"{full} -> {new}", s, e, Status.CONVERTED, [Edit(s, e, new)])
        elif suffix in _NO_COUNTERPART:
            self.add(
                CMAKE_NO_COUNTERPART,
                f"{full}: {(_NO_COUNTERPART if self.hip else _NO_COUNTERPART_SYCL)[suffix]}",
                s,
                e,
                Status.UNCONVERTED,
                safety=Safety.REVIEW,
            )
        elif full not in user_vars:
            self.add(
                CMAKE_UNCONVERTED,
                f"{full}: CUDA left in the CMake file",
                s,
                e,
                Status.UNCONVERTED,
                safety=Safety.REVIEW,
            )


def migrate(text: str, target: str, arches: tuple[str, ...]) -> list[Finding]:
    """Findings (with edits) for one CMake file. Raises CMakeSyntaxError when it cannot be read."""
    return Migration(text, target, arches).run(parse(text))
