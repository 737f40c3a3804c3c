"""Translating a source tree: find the CUDA files, translate them (in parallel), copy the rest, report.

Safety rules live here: never write outside the output folder, never overwrite an input unless asked
(and then keep a backup), skip the output folder when it sits inside the input, do not follow symlinked
folders (no loops), and let one bad file fail alone.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import posixpath
import re
import shutil
import stat
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple, TypedDict

from .buildsys import build_file_kind, migrate_build_file
from .context import identifier_tokens, table_and_cuda_names
from .engine import TranslationResult, stays_c, translate_source
from .fingerprint import translator_fingerprint
from .includes import (
    RUNTIME_HEADERS,
    IncludeGraph,
    build_graph,
    extern_c_names,
    inside_extern_c,
    renamed_spelling,
    spellings,
)
from .options import Options
from .parse import api_alias_defs, paste_macro_defs, qualifier_macro_defs
from .report import FileReport, TreeReport
from .rules.registry import PROJECT_PASSES
from .safe_read import DEFAULT_MAX_FILE_SIZE, Refused, mode_bits, read_regular
from .tables import load_tables

CUDA_EXTENSIONS = frozenset({".cu", ".cuh"})
# Files with these extensions are translated when they use CUDA.
MAYBE_CUDA_EXTENSIONS = frozenset(
    {".h", ".hpp", ".hh", ".hxx", ".cpp", ".cc", ".cxx", ".c", ".inl", ".inc", ".ipp", ".tpp", ".cuinl"}
)
SKIP_DIRS = frozenset({".git", ".hg", ".svn", "__pycache__"})
CACHE_FILE = ".gpuport-cache.json"
BACKUP_SUFFIX = ".orig"  # --in-place keeps each changed file's original as NAME.orig: spelled here only
_USES_CUDA = re.compile(
    rb"__global__|__device__|__shared__|__constant__|<<<|\bcuda[A-Z]\w*|\bcu(?:blas|rand|fft|sparse|solver|dnn)"
    rb"[A-Z_]\w*|#\s*include\s*[<\"](?:cuda|cublas|curand|cufft|cusparse|cusolver|cudnn|cooperative_groups|"
    rb"thrust/|cub/|cuComplex|nvrtc|nvtx|device_launch_parameters)"
)
_IDENT_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_DEFINE_BEFORE = re.compile(rb"[ \t]*#[ \t]*define[ \t]+")  # the line up to the name
_DEFINITION_AFTER = re.compile(rb"\s*\([^;{}]*\)\s*(?:const\s*)?\{")  # after the name
# A prototype (`void cudaD2Hcpy(T* tgt, const T* src, const size_t size);` in FasterTransformer's
# memory_utils.h, defined in a .cu the unit does not include): the parameter list ends the statement, and a
# type ends just before the name (an identifier that is not a statement keyword, `*`, `&` or `>`).
_PROTOTYPE_AFTER = re.compile(rb"\s*\([^;{}]*\)\s*(?:const\s*)?(?:noexcept\s*)?;")
# A variable (`const float CUDA_FLOAT_INF_NEG = -1e8f;` in lightseq's common.h): a type's name before the name
# on its line (_names_type_before), an initialiser or the end of the declaration after it.
_VARIABLE_AFTER = re.compile(rb"[ \t]*(?:=[^=]|;|\[)")
_TYPE_BEFORE = re.compile(rb"(?:\b([A-Za-z_]\w*)|[*&>])[ \t]*$")
_NOT_A_TYPE = frozenset(
    b"return else do case goto throw new delete sizeof co_return co_yield co_await typedef using".split()
)
# A type the project declares under a CUDA-looking name (jetson-utils' `enum cudaFilterMode {`, `template<>
# struct cudaVectorTypeInfo<uchar3> {`, `template<class T> struct cudaVectorTypeInfo;`): the tag keyword
# before the name, then a body, a base clause, a specialisation's arguments or the declaration's end.
_TAG_BEFORE = re.compile(rb"\b(?:struct|class|union|enum)\s+$")
_TAG_AFTER = re.compile(rb"\s*(?:<[^;{}()]*>\s*)?(?:\{|:(?!:)|;)")


def backup_path(path: Path) -> Path:
    """Where --in-place keeps the original of `path` (the first backup is never overwritten)."""
    return path.with_name(path.name + BACKUP_SUFFIX)


class TreeError(ValueError):
    """A problem with the command as a whole (nothing was written)."""


def is_binary(data: bytes) -> bool:
    return b"\0" in data[:8192]


def uses_cuda(data: bytes) -> bool:
    return _USES_CUDA.search(data) is not None


def user_declared_cuda_names(data: bytes, names_in_file: Iterable[str] | None = None) -> set[str]:
    """CUDA-looking names a project defines itself (`#define CUDA_CHECK`, `void cudaCheck(...) {`, `enum
    cudaFilterMode {`).

    Only names no table knows matter (they are the ones GP003 would report), so the file's distinct
    tokens are matched against CUDA's name shapes first and the costly definition checks run for the few
    candidates left. `names_in_file`: the file's table and CUDA-looking names when a translation has
    found them already (TranslationResult.names).
    """
    if names_in_file is None:
        candidates = table_and_cuda_names(identifier_tokens(data), load_tables().symbol_bytes)[1]
    else:
        symbols = load_tables().symbols
        candidates = [n.encode("ascii") for n in names_in_file if n not in symbols]
    names: set[str] = set()
    for raw in candidates:
        # Look only around this name's own occurrences (one pass over the file each would dominate the
        # scan on large trees): `#define NAME` before it on its line, or `(...) {` after it.
        pos = data.find(raw)
        while pos != -1:
            end = pos + len(raw)
            if (pos == 0 or data[pos - 1] not in _IDENT_CHARS) and (
                end == len(data) or data[end] not in _IDENT_CHARS
            ):
                line_start = data.rfind(b"\n", 0, pos) + 1
                if (
                    _DEFINE_BEFORE.fullmatch(data, line_start, pos)
                    or _DEFINITION_AFTER.match(data, end)
                    or (_TAG_BEFORE.search(data, max(0, pos - 24), pos) and _TAG_AFTER.match(data, end))
                    or (_PROTOTYPE_AFTER.match(data, end) and _declares_type_before(data, line_start, pos))
                    or (_VARIABLE_AFTER.match(data, end) and _names_type_before(data, line_start, pos))
                ):
                    names.add(raw.decode("ascii"))
                    break
            pos = data.find(raw, end)
    return names


def _names_type_before(data: bytes, line_start: int, pos: int) -> bool:
    """A type's name ends just before `pos` on its line: a variable's declaration (`float NAME =`). Not `*`
    or `&` alone, which a product (`n * CUDA_THREADS;`) ends with too."""
    m = _TYPE_BEFORE.search(data, line_start, pos)
    return m is not None and m.group(1) is not None and m.group(1) not in _NOT_A_TYPE


def _declares_type_before(data: bytes, line_start: int, pos: int) -> bool:
    """A type ends just before `pos` on its line (a comment's last word on the line above does not count)."""
    m = _TYPE_BEFORE.search(data, line_start, pos)
    return m is not None and (m.group(1) is None or m.group(1) not in _NOT_A_TYPE)


def default_extension_map(target: str) -> dict[str, str]:
    # SYCL sources are plain C++: a .cu translation unit must become .cpp for any SYCL compiler.
    return {".cu": ".cpp"} if target == "sycl" else {}


def _renamed(rel: str, ext_map: dict[str, str]) -> str:
    suffix = posixpath.splitext(rel)[1]
    new = ext_map.get(suffix.lower())
    return rel if new is None else rel[: -len(suffix)] + new


_CG_ALIAS = re.compile(rb"\bnamespace\s+([A-Za-z_]\w*)\s*=\s*(?:::)?cooperative_groups\s*;")


_RUNTIME_HEADER_NAMES = tuple({posixpath.basename(h).encode() for h in RUNTIME_HEADERS})


def _defines_alias(data: bytes, alias: str) -> bool:
    return any(m.group(1).decode() == alias for m in _CG_ALIAS.finditer(data))


@dataclass
class TreeFacts:
    """What the tree's include graph decides for single files (transpile/includes.py)."""

    cuda_headers: set[str] = field(default_factory=set)  # included by CUDA code: CUDA, whatever the extension
    renames: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    runtime_from: dict[str, tuple[str, ...]] = field(default_factory=dict)

    cg_aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    in_extern_c: set[str] = field(default_factory=set)  # included from inside an `extern "C" {` block
    project_headers: dict[str, tuple[str, ...]] = field(default_factory=dict)  # Options.project_headers
    dim3_functions: dict[str, tuple[str, ...]] = field(default_factory=dict)  # Options.dim3_functions
    c_linkage: dict[str, tuple[str, ...]] = field(default_factory=dict)  # Options.c_linkage
    qualifier_macros: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = field(default_factory=dict)
    all_qualifier_macros: tuple[tuple[str, tuple[str, ...]], ...] = ()  # the project pass reads every file
    api_aliases: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # Options.api_aliases
    paste_macros: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)  # Options.paste_macros
    graph: IncludeGraph | None = None  # the include graph itself (the LLM fallback's order of files)

    def options_for(self, rel: str, options: Options) -> Options:
        renames, runtime = self.renames.get(rel, ()), self.runtime_from.get(rel, ())
        aliases = self.cg_aliases.get(rel, ())
        extern_c = rel in self.in_extern_c
        own = self.project_headers.get(rel, ())
        dim3 = self.dim3_functions.get(rel, ())
        c_linkage = self.c_linkage.get(rel, ())
        qualifier_macros = self.qualifier_macros.get(rel, ())
        api_aliases = self.api_aliases.get(rel, ())
        paste = self.paste_macros.get(rel, ())
        if (
            not renames
            and not runtime
            and not aliases
            and not extern_c
            and not own
            and not dim3
            and not c_linkage
            and options.qualifier_macros == qualifier_macros
            and not api_aliases
            and not paste
        ):
            return options
        return replace(
            options,
            include_renames=renames,
            runtime_from=runtime,
            cg_aliases=aliases,
            included_in_extern_c=extern_c,
            project_headers=own,
            dim3_functions=dim3,
            c_linkage=c_linkage,
            qualifier_macros=qualifier_macros,
            api_aliases=api_aliases,
            paste_macros=paste,
        )


# A function declared to return dim3: `dim3 cuda_gridsize(size_t n);`. Its parameters are declarations
# (a type, then a name); `dim3 grid(n / 256 + 1, 1);` (a variable built from expressions) is not one.
_DIM3_FUNCTION = re.compile(
    rb"^[ \t]*(?:(?:static|inline|extern|__host__|__device__)\s+)*dim3\s+(\w+)\s*"
    rb"\((\s*(?:void\s*)?|(?:\s*[\w:<>]+(?:\s+[\w:<>]+)*[\s*&]+\w+\s*,)*\s*[\w:<>]+(?:\s+[\w:<>]+)*[\s*&]+\w+\s*)\)\s*[;{]",
    re.MULTILINE,
)


def tree_model(contents: dict[str, bytes], out_names: dict[str, str], options: Options) -> TreeFacts:
    """One pass over the tree's C/C++ files (tree-relative path -> bytes): the facts that need more than
    one file. `out_names`: each file's output path (SYCL renames `.cu` to `.cpp`)."""
    graph = build_graph(contents)
    facts = TreeFacts(graph=graph)
    cuda = {
        rel
        for rel, data in contents.items()
        if posixpath.splitext(rel)[1].lower() in CUDA_EXTENSIONS or uses_cuda(data)
    }
    facts.cuda_headers = graph.included_by(cuda) - cuda
    # Files that bring the runtime with them, directly or through the project headers they include.
    # (A substring test first: the regular expressions cost a pass each over every byte of the tree, and
    # this pass runs before any file is translated, on one core.)
    brings = graph.includers_of(
        rel
        for rel, data in contents.items()
        if any(h in data for h in _RUNTIME_HEADER_NAMES) and spellings(data) & RUNTIME_HEADERS
    )
    # `namespace cg = cooperative_groups;` in one file, `cg::` in the headers it includes.
    aliases = sorted(
        {
            m.group(1).decode()
            for data in contents.values()
            if b"cooperative_groups" in data
            for m in _CG_ALIAS.finditer(data)
        }
    )
    if aliases:
        for rel, data in contents.items():
            used = tuple(a for a in aliases if a.encode() + b"::" in data and not _defines_alias(data, a))
            if used:
                facts.cg_aliases[rel] = used
    for rel, edges in graph.edges.items():
        data = contents[rel]
        if b'extern "C"' in data:
            facts.in_extern_c |= {e.target for e in edges if inside_extern_c(data, e.offset)}
    # Functions returning dim3, by the file declaring them; a file sees those of the headers it includes.
    dim3_by_file: dict[str, set[str]] = {}
    for rel, data in contents.items():
        names = {m.group(1).decode() for m in _DIM3_FUNCTION.finditer(data)} if b"dim3" in data else set()
        if names:
            dim3_by_file[rel] = names
    names = set().union(*dim3_by_file.values()) if dim3_by_file else set()
    for rel, data in contents.items():
        # the include closure only for the few files that mention such a name (it is a walk per file)
        if not any(f.encode() in data for f in names):
            continue
        seen = set().union(*(dim3_by_file.get(h, set()) for h in graph.closure(rel) - {rel}))
        used = tuple(sorted(f for f in seen if f.encode() in data))
        if used:
            facts.dim3_functions[rel] = used
    # Macros defined as CUDA qualifiers in one file (a header) and used in others (moderngpu's
    # MGPU_DEVICE): each using file gets them, so its functions declared with them are device code.
    defined = {rel: qualifier_macro_defs(data) for rel, data in contents.items()}
    macros: dict[str, frozenset[str]] = {}
    for defs in defined.values():
        for name, words in defs.items():
            macros[name] = macros.get(name, frozenset()) | words
    if macros:
        facts.all_qualifier_macros = tuple((n, tuple(sorted(w))) for n, w in sorted(macros.items()))
        for rel, data in contents.items():
            defined_here = defined[rel]
            wanted = tuple(
                (n, tuple(sorted(w)))
                for n, w in sorted(macros.items())
                if n.encode() in data and n not in defined_here
            )
            if wanted:
                facts.qualifier_macros[rel] = wanted
    # Macros defined as one CUDA API name in one file (a portability header) and used in others.
    # (SYCL only: a HIP translation renames the macros' bodies, and need not scan for them)
    alias_defs = (
        {rel: api_alias_defs(data) for rel, data in contents.items() if b"define" in data}
        if options.target == "sycl"
        else {}
    )
    all_aliases: dict[str, str] = {}
    for file_aliases in alias_defs.values():
        all_aliases.update(file_aliases)
    if all_aliases:
        for rel, data in contents.items():
            defined_here_aliases = alias_defs.get(rel, {})
            seen_aliases = tuple(
                (a, c)
                for a, c in sorted(all_aliases.items())
                if a not in defined_here_aliases and a.encode() in data
            )
            if seen_aliases:
                facts.api_aliases[rel] = seen_aliases
    # Error-check macros that paste a CUDA prefix onto their argument (`cuda(Malloc(&p, n))`), defined in
    # one header and called everywhere: each file that calls one learns its prefix (both targets).
    paste_defs = {rel: paste_macro_defs(data) for rel, data in contents.items() if b"##" in data}
    all_paste: dict[str, str] = {}
    for file_paste in paste_defs.values():
        all_paste.update(file_paste)
    if all_paste:
        for rel, data in contents.items():
            calls = tuple(
                (n, p)
                for n, p in sorted(all_paste.items())
                if n not in paste_defs.get(rel, {}) and n.encode() in data
            )
            if calls:
                facts.paste_macros[rel] = calls
    # C files that become C++ (SYCL): the names their headers give C linkage, which they define.
    c_names: dict[str, set[str]] = {}
    for rel, out in out_names.items():
        if not (rel.endswith(".c") and out.endswith(".cpp")) or rel not in contents:
            continue
        declared: set[str] = set()
        for h in graph.closure(rel) - {rel}:
            if h not in c_names:
                c_names[h] = extern_c_names(contents[h]) if h in contents else set()
            declared |= c_names[h]
        own = {t.decode() for t in identifier_tokens(contents[rel])}
        if declared & own:
            facts.c_linkage[rel] = tuple(sorted(declared & own))
    tables = load_tables()
    for rel, edges in graph.edges.items():
        # `#include "cuda.h"` beside the project's own cuda.h (darknet): nvcc finds that file first.
        here = posixpath.dirname(rel)
        own = {
            e.spelled
            for e in edges
            if not e.system
            and tables.header(e.spelled) is not None
            and e.target == posixpath.normpath(posixpath.join(here, e.spelled))
        }
        # `<cusp/array1d.h>` spelling a tree file's path (AMGX's vendored cusp, found through -I): the
        # project's header, though its name starts like a CUDA library's; no CUDA header is left there.
        # A bare `<cutil.h>` that is one tree file by name (found through -I) is the project's too.
        own |= {
            e.spelled
            for e in edges
            if e.system and (e.project_path or "/" not in e.spelled) and tables.header(e.spelled) is None
        }
        if own:
            facts.project_headers[rel] = tuple(sorted(own))
    for rel, edges in graph.edges.items():
        renames = tuple(
            (e.spelled, renamed_spelling(e.spelled, e.target, out_names[e.target]))
            for e in edges
            if out_names.get(e.target, e.target) != e.target
        )
        if renames:
            facts.renames[rel] = tuple(sorted(set(renames)))
        if options.target == "hip":
            runtime = tuple(sorted({e.spelled for e in edges if e.target in brings}))
            if runtime:
                facts.runtime_from[rel] = runtime
    return facts


# One cache record: the input's key, the sha256 of the output written for it, and what the translation
# reported for the file (is_cuda, stats, diagnostics), so that a cache hit reports what the first run did.
CacheEntry = dict[str, Any]
CACHE_VERSION = 2  # 1: no report in the entries (a hit reported nothing: an unconverted tree exited 0)
# The LLM fallback as a tree sees it (models/fallback.py TreeFallback): it takes a file's rule
# translation, the options it was translated with (the candidate answers are translated again with them),
# the input file and the folder its output goes to (None: standard output), and returns the translation
# with the model's edits and the dict for FileReport.llm.
Fallback = Callable[[TranslationResult, Options, Path, Path | None], tuple[TranslationResult, dict[str, Any]]]


@dataclass
class Pending:
    """A translation held back, unwritten, for the LLM fallback, with what writing it needs."""

    result: TranslationResult
    options: Options
    src: Path
    out_root: Path
    out_rel: str
    data: bytes  # the input: in place, an unchanged output is not written (and no backup is made)
    mode: int | None  # the input's permission bits, which the output gets (None: write_file's default)
    in_place: bool


class FileOutcome(NamedTuple):
    """What translating one file gives the tree: its report, its cache record (None: not cached), the
    CUDA-looking names it declares itself (so that no file reports another file's CUDA_CHECK as CUDA's),
    and, when it was held back for the LLM fallback, what is needed to finish and write it."""

    report: FileReport
    entry: CacheEntry | None = None
    declared: frozenset[str] = frozenset()
    pending: Pending | None = None


def wants_fallback(result: TranslationResult, is_build: bool) -> bool:
    # Build files are migrated by their own rules (GP4xx): a model is never asked about them.
    return not is_build and result.stats.total_unconverted > 0


def run_fallback(
    fallback: Fallback, result: TranslationResult, options: Options, src: Path, out_dir: Path | None
) -> tuple[TranslationResult, dict[str, Any]]:
    """The fallback over one file; an error in it leaves the rule translation, the error in `llm`
    (like a rule's bug, it must not stop the tree)."""
    try:
        return fallback(result, options, src, out_dir)
    except Exception as err:
        return result, {"error": f"internal error in the LLM fallback: {type(err).__name__}: {err}"}


def _cache_key(options: Options, data: bytes) -> str:
    # The translator fingerprint covers the rules' sources, the tables, the version and the options.
    h = hashlib.sha256(data)
    h.update(translator_fingerprint(options).encode())
    return h.hexdigest()


def within(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
        return True
    except ValueError:
        return False


@functools.lru_cache(maxsize=4096)
def _folder_within(folder: str, root: str) -> bool:
    # Folders are few and shared by many files: resolve each once.
    return within(Path(folder), Path(root))


def write_file(out_root: Path, rel: str, data: bytes, mode: int | None = None) -> None:
    """Write `data` to out_root/rel atomically, refusing any path that resolves outside out_root.

    `mode`: the permission bits the file gets (its input's, so an executable script stays executable);
    None: the usual 0666 less the umask.
    """
    if mode is None:
        mode = 0o666 & ~_umask()
    target = out_root / rel
    folder = target.parent
    if str(folder) not in _MADE_FOLDERS:
        folder.mkdir(parents=True, exist_ok=True)
        _MADE_FOLDERS.add(str(folder))
    # Checked per folder, not per file: a file is never written through a link (O_NOFOLLOW and the
    # unlink below), so the check on its folder is the check on it.
    if not _folder_within(str(folder), str(out_root)):
        raise OSError(f"refusing to write outside the output folder: {target}")
    try:
        # A new file replaces nothing: create it directly (a crash leaves a partial output that the cache
        # does not list, so the next run rewrites it). One system call where the checks took three.
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
    except FileExistsError:
        pass  # replaced atomically below
    except FileNotFoundError:  # the folder went away since we made it (a long-lived process)
        _MADE_FOLDERS.discard(str(folder))
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
    else:
        with os.fdopen(fd, "wb") as fh:
            os.fchmod(fh.fileno(), mode)  # exactly the input's bits, whatever the umask
            fh.write(data)
        return
    if target.is_symlink():
        target.unlink()  # never write through a link to somewhere else
    else:
        kind = target.lstat().st_mode
        if stat.S_ISCHR(kind) or stat.S_ISFIFO(kind):
            # `-o /dev/null`, `-o /dev/stdout`, a named pipe: written into, never replaced (renaming a file
            # over /dev/null replaced the device for every other program on the machine)
            with open(target, "wb") as fh:
                fh.write(data)
            return
        if not stat.S_ISREG(kind):
            raise OSError(f"refusing to replace {target}: it is not a regular file")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".gpuport-")
    try:
        with os.fdopen(fd, "wb") as fh:
            os.fchmod(fh.fileno(), mode)  # mkstemp makes 0600 files
            fh.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# Output folders this process has created: each is made once, not once per file.
_MADE_FOLDERS: set[str] = set()


@functools.cache
def _umask() -> int:
    # Reading the umask means setting it: do it once per process.
    current = os.umask(0o022)
    os.umask(current)
    return current


def translate_file(
    src: Path,
    out_root: Path,
    rel: str,
    out_rel: str,
    options: Options,
    in_place: bool,
    cacheable: bool,
    data: bytes | None = None,
    included_by_cuda: bool = False,
    *,
    root: Path | None = None,
    max_size: int = DEFAULT_MAX_FILE_SIZE,
    hold_for_fallback: bool = False,
) -> FileOutcome:
    """Translate or copy one file (`data`: its content when the caller has read it already;
    `included_by_cuda`: CUDA code of the tree includes it, so it is CUDA whatever its extension).

    `root`: the tree the file belongs to; a link leaving it is not read. Only regular files up to
    `max_size` bytes are read: a link out of the tree, a FIFO or a device is skipped with a note, a file
    over the limit is an error (its content would be missing from the output).

    `hold_for_fallback`: a translation that leaves CUDA unconverted is not written but returned pending,
    for the caller to run the LLM fallback over it and write it with `finish_pending`.
    """
    report = FileReport(path=rel, action="error", output=out_rel)
    if data is None:
        try:
            data = read_regular(src, root, max_size)
        except Refused as err:
            if err.kind in ("outside", "special"):
                report.action, report.output, report.note = "skipped", None, err.reason
            else:
                report.error = err.reason
            return FileOutcome(report)
    mode = mode_bits(src)
    cuda_ext = src.suffix.lower() in CUDA_EXTENSIONS
    if is_binary(data):
        if cuda_ext:
            report.error = "binary file (NUL bytes) with a CUDA extension; not translated"
            return FileOutcome(report)
        return FileOutcome(_copy(src, out_root, out_rel, data, report, in_place))
    suffix = src.suffix.lower()
    is_cuda = cuda_ext or (suffix in MAYBE_CUDA_EXTENSIONS and (included_by_cuda or uses_cuda(data)))
    # A file of another extension that CUDA code includes by name (_included_odd_files): CUDA too.
    is_cuda = is_cuda or (included_by_cuda and suffix not in MAYBE_CUDA_EXTENSIONS)
    # A plain C++ file that includes a file the translation renames (`#include "kernels.cu"` in a .cpp
    # file, SYCL): translated, so the include follows the rename (GP006).
    is_cuda = is_cuda or (suffix in MAYBE_CUDA_EXTENSIONS and bool(options.include_renames))
    is_build = build_file_kind(src.name) is not None  # CMakeLists.txt, *.cmake, Makefile, *.mk: migrated
    if not is_cuda and not is_build:
        # Any C/C++ file may declare a project's CUDA-looking helper (a header of macros using no CUDA).
        declared = (
            frozenset(user_declared_cuda_names(data)) if suffix in MAYBE_CUDA_EXTENSIONS else frozenset()
        )
        return FileOutcome(_copy(src, out_root, out_rel, data, report, in_place), None, declared)
    report.is_cuda = is_cuda
    try:
        result = migrate_build_file(data, options, rel) if is_build else translate_source(data, options, rel)
    except Exception as err:  # a bug in a rule must not stop the tree
        report.error = f"internal error while translating: {type(err).__name__}: {err}"
        return FileOutcome(report)
    report.stats = result.stats
    report.diagnostics = result.located()
    declared = frozenset(user_declared_cuda_names(data, result.names)) if is_cuda else frozenset()
    if hold_for_fallback and wants_fallback(result, is_build):
        pending = Pending(result, options, src, out_root, out_rel, data, mode, in_place)
        return FileOutcome(report, None, declared, pending)
    if not _write(report, src, out_root, out_rel, result.output, data, mode, in_place):
        return FileOutcome(report)
    # The cache entry: the input key and the hash of what was written (both hashed here, in the worker).
    entry = (
        None
        if not cacheable
        else {"key": _cache_key(options, data), "out": _sha(result.output), "report": _replayable(report)}
    )
    return FileOutcome(report, entry, declared)


def finish_pending(outcome: FileOutcome, fallback: Fallback) -> FileOutcome:
    """Run the LLM fallback over a file `translate_file` held back, then write the result.

    No cache entry: the result depends on the model, its answers, the budget left and the compiler,
    none of which the translator fingerprint covers, so a cached file would never be asked again (a
    region skipped for a spent budget would stay skipped). A re-run translates the file and asks again;
    the completion cache answers repeated prompts without the model.
    """
    report, _, declared, p = outcome
    assert p is not None, "only a held-back file is finished"
    out_dir = (p.out_root / p.out_rel).parent
    result, report.llm = run_fallback(fallback, p.result, p.options, p.src, out_dir)
    report.stats = result.stats
    report.diagnostics = result.located()
    _write(report, p.src, p.out_root, p.out_rel, result.output, p.data, p.mode, p.in_place)
    return FileOutcome(report, None, declared)


def _write(
    report: FileReport,
    src: Path,
    out_root: Path,
    out_rel: str,
    output: bytes,
    data: bytes,
    mode: int | None,
    in_place: bool,
) -> bool:
    """Write a translation; in place, only when it changes the file, keeping the original as a backup.
    Sets the report's action (translated, or error with the reason); False when nothing could be written."""
    try:
        if in_place:
            if output != data:
                backup = backup_path(src)
                if not backup.exists():  # the first backup is the original; keep it
                    shutil.copy2(src, backup)
                write_file(out_root, out_rel, output, mode)
        else:
            write_file(out_root, out_rel, output, mode)
    except OSError as err:
        report.action = "error"
        report.error = f"cannot write {out_rel}: {err.strerror or err}"
        return False
    report.action = "translated"
    return True


def _copy(
    src: Path, out_root: Path, out_rel: str, data: bytes, report: FileReport, in_place: bool
) -> FileReport:
    if not in_place:
        try:
            write_file(out_root, out_rel, data)
            shutil.copystat(src, out_root / out_rel)
        except OSError as err:
            report.error = f"cannot write {out_rel}: {err.strerror or err}"
            return report
    report.action = "copied" if not in_place else "skipped"
    return report


def walk(
    src: Path, skip: Path | None, notes: list[str], errors: list[FileReport] | None = None
) -> Iterator[Path]:
    """Files under src, sorted, not following symlinked folders, skipping `skip` (the output folder).

    A folder that cannot be listed is added to `errors` (its files would be lost silently otherwise);
    backups (NAME.orig) are skipped with a note.
    """
    skip_resolved = skip.resolve() if skip is not None else None

    def unreadable(err: OSError) -> None:
        if errors is not None:
            rel = Path(err.filename).relative_to(src).as_posix() if err.filename else "."
            errors.append(FileReport(path=rel, action="error", error=f"cannot read folder: {err.strerror}"))

    for dirpath, dirnames, filenames in os.walk(src, followlinks=False, onerror=unreadable):
        here = Path(dirpath)
        kept = []
        for d in sorted(dirnames):
            full = here / d
            if d in SKIP_DIRS:
                continue
            if full.is_symlink():
                notes.append(f"{full.relative_to(src)}: symlinked folder not followed")
                continue
            if skip_resolved is not None and full.resolve() == skip_resolved:
                notes.append(f"{full.relative_to(src)}: the output folder, skipped")
                continue
            kept.append(d)
        dirnames[:] = kept
        for f in sorted(filenames):
            if f == CACHE_FILE:
                continue
            if f.endswith(BACKUP_SUFFIX):
                notes.append(f"{(here / f).relative_to(src).as_posix()}: a backup ({BACKUP_SUFFIX}), skipped")
                continue
            yield here / f


def _included_from_roots(
    contents: dict[Path, bytes], roots: list[Path], out_root: Path, notes: list[str], max_size: int
) -> dict[Path, bytes]:
    """The files under the include roots (resolved paths, with their bytes) that the tree's files
    (`contents`, read already) include, transitively."""
    extra: dict[Path, bytes] = {}
    for root in roots:
        for p in walk(root, out_root, notes, []):
            rp = p.resolve()
            if rp not in contents and p.suffix.lower() in CUDA_EXTENSIONS | MAYBE_CUDA_EXTENSIONS:
                try:
                    extra[rp] = read_regular(p, root, max_size)
                except OSError:
                    continue
    if not extra:
        return {}
    both = {**contents, **extra}
    anchor = Path(os.path.commonpath([str(p) for p in both]))
    graph = build_graph({p.relative_to(anchor).as_posix(): d for p, d in both.items()})
    reached = graph.included_by(p.relative_to(anchor).as_posix() for p in contents)
    return {p: d for p, d in extra.items() if p.relative_to(anchor).as_posix() in reached}


_QUOTED = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)


_QUOTED_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"', re.MULTILINE)


def _included_odd_files(
    files: list[Path], contents: dict[Path, bytes], base: Path, max_size: int
) -> dict[Path, bytes]:
    """Files of the tree with an extension no C/C++ list names that a C/C++ file includes by name (KBLAS's
    `#include "kblas_gpu_util.ch"`, oskar's kernels in `.cl` files included by its `.cu`): read too, so the
    include graph sees them and those CUDA code includes are translated with it (translate_file)."""
    by_name: dict[str, list[Path]] = {}
    for path in files:
        suffix = path.suffix.lower()
        if suffix and suffix not in CUDA_EXTENSIONS | MAYBE_CUDA_EXTENSIONS and path not in contents:
            by_name.setdefault(path.name, []).append(path)
    if not by_name:
        return {}
    wanted = {
        posixpath.basename(m.group(1).decode("utf-8", "replace"))
        for data in contents.values()
        if b"include" in data
        for m in _QUOTED_INCLUDE.finditer(data)
    }
    found: dict[Path, bytes] = {}
    for name in wanted & by_name.keys():
        for path in by_name[name]:
            try:
                data = read_regular(path, base, max_size)
            except OSError:
                continue  # reported when the file is copied
            if not is_binary(data):
                found[path] = data
    return found


def _c_files_to_cpp(
    contents: dict[Path, bytes], base: Path, out_names: dict[str, str], options: Options
) -> None:
    """SYCL is C++: a C file that uses CUDA (nvcc compiled it as C with the runtime's C API) becomes
    `.cpp` like a `.cu` file, unless that name is taken (then it keeps its name and the build must compile
    it as C++), or unless its translation needs no C++ (Rodinia's `main.c` calls only `cudaSetDevice`,
    which becomes `0`): then it stays C, as the rest of the file (implicit declarations, `char *` where C
    takes any pointer) needs a C compiler."""
    taken = set(out_names.values())
    by_rel: dict[str, bytes] | None = None
    for path, data in contents.items():
        rel = path.relative_to(base).as_posix()
        if rel.endswith(".c") and out_names.get(rel) == rel and uses_cuda(data):
            if by_rel is None:
                by_rel = {p.relative_to(base).as_posix(): d for p, d in contents.items()}
                graph = build_graph(by_rel)
            # its own headers must stay C too (a header with CUDA becomes SYCL)
            headers_c = not any(uses_cuda(by_rel[h]) for h in graph.included_by([rel]) if h in by_rel)
            if headers_c and stays_c(translate_source(data, options, rel)):
                continue
            new = rel[:-2] + ".cpp"
            if new not in taken:
                out_names[rel] = new
                taken.add(new)


def _note_outside_includes(
    contents: dict[Path, bytes], base: Path, inputs: list[Path], notes: list[str]
) -> None:
    """Report quoted includes that name an existing file outside the input and the include roots: it
    stays CUDA (the translation cannot reach it) until its folder is given with --include-root."""
    said: set[Path] = set()
    for p, data in contents.items():
        if b'"..' not in data and b'"/' not in data:
            continue  # only a path that climbs out (or an absolute one) can leave the input
        for m in _QUOTED.finditer(data):
            target = (p.parent / m.group(1).decode("utf-8", "replace")).resolve()
            if target.is_file() and not any(within(target, i) for i in inputs) and target not in said:
                said.add(target)
                notes.append(
                    f"{p.relative_to(base)}: includes {target} from outside the input: not translated "
                    "(give its folder with --include-root)"
                )


def translate_tree(
    src: Path,
    out: Path | None,
    options: Options,
    *,
    jobs: int = 1,
    in_place: bool = False,
    force: bool = False,
    extension_map: dict[str, str] | None = None,
    progress: Callable[[FileReport, int, int], None] | None = None,
    include_roots: Iterable[Path] = (),
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
    fallback: Fallback | None = None,
) -> TreeReport:
    """Translate every CUDA file under `src` into `out` (or in place), copying other files unchanged.

    `include_roots`: folders outside `src` whose files the tree includes (`-I../common`); the files of
    theirs that the tree includes, directly or not, are translated too. Then `out` mirrors the layout
    below the folder that holds `src` and the roots (`out/app/...`, `out/common/...`), so relative
    includes and -I flags keep working.

    Only regular files inside `src` (and the roots) of at most `max_file_size` bytes are read (see
    safe_read).

    `fallback` (the LLM fallback, models/fallback.py TreeFallback): each file whose translation leaves
    CUDA unconverted is held back unwritten, and once every other file is written, handed to the fallback
    in this process (workers cannot hold the model), headers before the files that include them, then
    written. Every file is translated once and written once.
    """
    start = time.perf_counter()
    src = Path(src)
    if not src.is_dir():
        raise TreeError(f"{src}: not a folder")
    roots = [Path(r) for r in include_roots]
    for r in roots:
        if not r.is_dir():
            raise TreeError(f"{r}: --include-root is not a folder")
    if roots and in_place:
        raise TreeError("--include-root writes a new tree: give -o OUT, not --in-place")
    base = Path(os.path.commonpath([src.resolve(), *(r.resolve() for r in roots)])) if roots else src
    if in_place:
        out_root = src
        ext_map: dict[str, str] = {}  # renaming in place would leave the old file behind
    else:
        if out is None:
            raise TreeError("an output folder is needed (-o OUT), or --in-place")
        out_root = Path(out)
        if out_root.resolve() == src.resolve():
            raise TreeError(f"{out_root}: output folder is the input folder; use --in-place to rewrite it")
        if within(src, out_root):
            raise TreeError(f"{out_root}: output folder contains the input folder {src}")
        ext_map = default_extension_map(options.target) if extension_map is None else extension_map
    report = TreeReport(str(src), None if in_place else str(out_root), options.target, _options_dict(options))
    report.translator_fingerprint = translator_fingerprint(options)
    folder_errors: list[FileReport] = []
    files = list(walk(src, None if in_place else out_root, report.notes, folder_errors))
    report.files += folder_errors
    if roots:
        files = sorted({p.resolve() for p in files})
    # The driver reads every C/C++ file once: the tree's include graph (which headers CUDA code includes,
    # which includes name renamed files, which headers bring the runtime), the cache check and the
    # target's whole-tree pass all need them. The driver translates its own batches from these bytes;
    # worker processes read their files again (from the page cache by then) rather than receive them
    # pickled through the pool.
    contents: dict[Path, bytes] = {}
    for path in files:
        if path.suffix.lower() in CUDA_EXTENSIONS | MAYBE_CUDA_EXTENSIONS:
            try:
                contents[path] = read_regular(path, base, max_file_size)
            except OSError:
                continue  # reported when the worker reads it
    if roots:
        extra = _included_from_roots(contents, roots, out_root, report.notes, max_file_size)
        files += sorted(extra)
        contents.update(extra)
    contents.update(_included_odd_files(files, contents, base, max_file_size))
    if fallback is not None:
        options = _with_project_names(options, contents.values())
    # raises TreeError on a collision, before any write
    out_names = _output_names(base, files, ext_map, report.notes)
    if not in_place:
        try:
            out_root.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise TreeError(f"{out_root}: cannot create output folder: {err.strerror or err}") from err
        if not os.access(out_root, os.W_OK):
            raise TreeError(f"{out_root}: output folder is not writable")
    cache_path = out_root / CACHE_FILE
    cache = {} if force else _load_cache(cache_path)

    project_pass = PROJECT_PASSES.get(options.target)
    if options.target == "sycl" and not in_place and extension_map is None:
        _c_files_to_cpp(contents, base, out_names, options)
    _note_outside_includes(contents, base, [src, *roots], report.notes)
    by_rel = {p.relative_to(base).as_posix(): d for p, d in contents.items()}
    tree_facts = tree_model(by_rel, out_names, options)
    # E.g. SYCL: device globals and device functions shared across files (-rdc builds), so a file that
    # sees a global only as `extern`, or calls a device function defined elsewhere, translates in
    # agreement with the defining file. Each file gets the part it sees through its includes.
    # (with every qualifier macro of the tree, so functions declared with one are device functions there)
    project_options = replace(options, qualifier_macros=tree_facts.all_qualifier_macros)
    per_file = project_pass(by_rel, project_options) if project_pass is not None else {}

    new_cache: dict[str, CacheEntry] = {}
    declared: set[str] = set(options.user_names)
    jobs_todo: list[Job] = []
    for path in files:
        rel = path.relative_to(base).as_posix()
        file_options = tree_facts.options_for(rel, per_file.get(rel, options))
        out_rel = out_names[rel]
        suffix = path.suffix.lower()
        cacheable = suffix in CUDA_EXTENSIONS | MAYBE_CUDA_EXTENSIONS
        data = contents.get(path)
        if cacheable and data is not None and cache:
            key = _cache_key(file_options, data)
            hit = cache.get(rel)
            out_file = out_root / out_rel
            if hit and out_file.is_file() and _fresh(hit, key, data, out_file, in_place):
                replayed = _replay(hit, rel, out_rel)
                # With a fallback, a file cached with CUDA left (by a run without one) is translated
                # again, so that the fallback sees it.
                if fallback is None or not _left_for_model(replayed, file_options.user_names):
                    report.files.append(replayed)
                    new_cache[rel] = hit
                    declared |= user_declared_cuda_names(data)
                    continue
        # A file of another extension read because C/C++ code includes it (_included_odd_files) is CUDA when
        # CUDA code includes it or it uses CUDA itself (then the graph does not count it as a CUDA header).
        odd_cuda = not cacheable and data is not None and uses_cuda(data)
        jobs_todo.append(
            (path, rel, out_rel, cacheable, file_options, rel in tree_facts.cuda_headers or odd_cuda)
        )

    total = len(jobs_todo)
    done = 0
    held: dict[str, FileOutcome] = {}  # files waiting for the fallback, by path

    def record(outcome: FileOutcome) -> None:
        nonlocal done
        file_report, entry, names, pending = outcome
        if pending is not None:
            held[file_report.path] = outcome
            return
        report.files.append(file_report)
        if file_report.note:
            report.notes.append(f"{file_report.path}: {file_report.note}")
        declared.update(names)
        if entry is not None and file_report.output:
            new_cache[file_report.path] = entry
        done += 1
        if progress is not None:
            progress(file_report, done, total)

    reading: Reading = {"root": base, "max_size": max_file_size, "hold_for_fallback": fallback is not None}
    if jobs <= 1 or total < 2:
        for path, rel, out_rel, cacheable, file_options, force in jobs_todo:
            data = contents.pop(path, None)  # read above; freed as we go
            record(
                translate_file(
                    path, out_root, rel, out_rel, file_options, in_place, cacheable, data, force, **reading
                )
            )
    else:
        _run_parallel(jobs_todo, jobs, out_root, in_place, contents, record, reading)
    if fallback is not None:
        # Last, so that the fallback's compile check of a file finds the files it includes in the output
        # folder as they are finally written (not missing, nor the CUDA originals when in place).
        for rel in _includes_first(list(held), tree_facts.graph):
            record(finish_pending(held[rel], fallback))
    # A CUDA-looking name some file of the project declares is the project's, not CUDA's: drop GP003's
    # reports of it everywhere (the other rules never act on unknown names, so nothing else changes).
    _drop_user_names(report, declared)
    report.files.sort(key=lambda f: f.path)
    try:
        _save_cache(cache_path, new_cache)
    except OSError as err:
        report.notes.append(f"cache not saved: {err.strerror or err}")
    report.elapsed_s = time.perf_counter() - start
    return report


Job = tuple[Path, str, str, bool, Options, bool]


class Reading(TypedDict):
    """How the files of a tree are read (safe_read): the tree they must stay in, and the size limit;
    and whether files with CUDA left are held back for the LLM fallback (translate_file)."""

    root: Path
    max_size: int
    hold_for_fallback: bool


def _left_for_model(cached: FileReport, project_names: frozenset[str]) -> bool:
    """Whether a cached file's report leaves CUDA the LLM fallback would take: an unconverted reference
    other than GP003's report of one of the project's own names (cached reports keep those: the tree
    drops them after translating), in a file that is not a build file."""
    if build_file_kind(posixpath.basename(cached.path)) is not None:
        return False
    return any(
        d.status == "unconverted" and not (d.code == "GP003" and d.symbol in project_names)
        for d in cached.diagnostics
    )


def _with_project_names(options: Options, contents: Iterable[bytes]) -> Options:
    """`options` knowing the CUDA-looking names the project defines itself (CUDA_CHECK in a header),
    found before translating, so that no file reports them as unconverted and the model is never asked
    about them. (Without a fallback, the tree drops those reports after translating, which is cheaper:
    the translations found each file's candidate names already.)"""
    names = set(options.user_names)
    for data in contents:
        names |= user_declared_cuda_names(data)
    return replace(options, user_names=frozenset(names))


def _includes_first(rels: list[str], graph: IncludeGraph | None) -> list[str]:
    """`rels` (tree-relative paths) ordered so that each comes after the files it includes, directly or
    through others (a cycle of includes is cut where it closes)."""
    wanted = set(rels)
    if graph is None:
        return sorted(wanted)
    order: list[str] = []
    seen: set[str] = set()
    for top in sorted(wanted):
        if top in seen:
            continue
        seen.add(top)
        stack = [(top, iter(graph.edges.get(top, ())))]
        while stack:  # depth first, each file emitted after all it includes
            rel, edges = stack[-1]
            edge = next(edges, None)
            if edge is None:
                stack.pop()
                if rel in wanted:
                    order.append(rel)
            elif edge.target not in seen:
                seen.add(edge.target)
                stack.append((edge.target, iter(graph.edges.get(edge.target, ()))))
    return order


def _output_names(
    src: Path, files: list[Path], ext_map: dict[str, str], notes: list[str] | None = None
) -> dict[str, str]:
    """Each input's output path. Files keeping their name are placed first; a renamed file whose new name
    is another input's (SYCL: foo.cu beside the user's own foo.cpp, as hemi's nbody_vec4 has) keeps its
    old extension before the new one (foo.cu.cpp), and its includes follow that name like any rename.
    Two inputs still meeting on one output stop the run before anything is written, so neither is lost."""
    names: dict[str, str] = {}
    taken: dict[str, str] = {}
    clashes: list[str] = []
    renamed: list[tuple[str, str, str]] = []
    for path in files:
        rel = path.relative_to(src).as_posix()
        suffix = path.suffix.lower()
        if suffix in ext_map:
            renamed.append((rel, rel[: -len(path.suffix)] + ext_map[suffix], rel + ext_map[suffix]))
            continue
        taken.setdefault(rel, rel)
        names[rel] = rel
    for rel, out_rel, fallback in renamed:
        if out_rel in taken and fallback not in taken:
            if notes is not None:
                notes.append(
                    f"{rel} is written as {fallback}: {out_rel} is another input's name (its includes "
                    "follow; build files that build it by a pattern rule need the new name by hand)"
                )
            out_rel = fallback
        if out_rel in taken:
            clashes.append(f"{taken[out_rel]} and {rel} would both be written as {out_rel}")
        taken.setdefault(out_rel, rel)
        names[rel] = out_rel
    if clashes:
        raise TreeError(
            "output names collide (nothing written): "
            + "; ".join(clashes)
            + ". Rename one of each pair (e.g. the .cu file) and run again."
        )
    return {rel: names[rel] for rel in (p.relative_to(src).as_posix() for p in files)}


def _run_parallel(
    jobs_todo: list[Job],
    jobs: int,
    out_root: Path,
    in_place: bool,
    contents: dict[Path, bytes],
    record: Callable[[FileOutcome], None],
    reading: Reading,
) -> None:
    """Translate with `jobs` processes: this one and jobs - 1 workers, all taking batches from one queue.

    The driver would otherwise sit waiting; working itself saves a worker's start-up and the pickling
    of half the results. Files go in small batches: one task per file costs more in pickling and
    scheduling than a small header takes to translate.
    """
    # Largest files first at both ends of the queue (the workers take from the near end, this process from
    # the far end), the smallest in the middle where they meet: the last batches are short, so no process
    # waits long on another's big file at the end. Reports are sorted afterwards; order changes nothing.
    size = {path: len(contents[path]) if path in contents else 0 for path, *_ in jobs_todo}
    biggest = sorted(jobs_todo, key=lambda job: -size[job[0]])
    pending = deque(_batches([*biggest[0::2], *reversed(biggest[1::2])], jobs))
    workers = jobs - 1
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[list[FileOutcome]]] = set()
        while pending or running:
            # Keep every worker fed (two batches each, so none waits on this process to hand out more).
            while pending and len(running) < 2 * workers:
                running.add(pool.submit(_translate_batch, pending.popleft(), out_root, in_place, reading))
            if pending:
                batch = pending.pop()  # from the far end: the workers take from the near end
                for path, rel, out_rel, cacheable, file_options, force in batch:
                    data = contents.pop(path, None)
                    record(
                        translate_file(
                            path,
                            out_root,
                            rel,
                            out_rel,
                            file_options,
                            in_place,
                            cacheable,
                            data,
                            force,
                            **reading,
                        )
                    )
                finished, running = wait(running, timeout=0)
            else:
                finished, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                for outcome in fut.result():
                    record(outcome)


def _batches(jobs_todo: list[Job], workers: int) -> list[list[Job]]:
    # Small enough that the workers finish together (about 8 batches each), large enough to amortise.
    size = max(1, min(16, len(jobs_todo) // (workers * 8)))
    return [jobs_todo[i : i + size] for i in range(0, len(jobs_todo), size)]


def _translate_batch(batch: list[Job], out_root: Path, in_place: bool, reading: Reading) -> list[FileOutcome]:
    return [
        translate_file(
            path, out_root, rel, out_rel, file_options, in_place, cacheable, None, force, **reading
        )
        for path, rel, out_rel, cacheable, file_options, force in batch
    ]


def _drop_user_names(report: TreeReport, names: set[str]) -> None:
    if not names:
        return
    symbols = load_tables().symbols
    for f in report.files:
        kept = []
        for d in f.diagnostics:
            # Whichever rule reported it (GP003, or a library rule such as GP254 that claims every
            # `cublas...` shape: llm.c's own `cublas_handle` and `cublasCheck`), a name the project
            # declares and no table knows is the project's.
            if d.status in ("unconverted", "warning") and d.symbol in names and d.symbol not in symbols:
                if d.status == "unconverted":
                    f.stats.unconverted.subtract([d.family or "other"])  # the family Stats counted it under
                else:  # "looks like the project's own macro": now known to be, so nothing to say
                    f.stats.warnings -= 1
                continue
            kept.append(d)
        f.stats.unconverted = +f.stats.unconverted  # drop families counted down to zero
        f.diagnostics = kept


def _replayable(report: FileReport) -> dict[str, Any]:
    """What a cache hit must report again: the file's stats and diagnostics as its translation gave them
    (before the tree drops the project's own names: that step runs again on every run)."""
    d = report.to_dict()
    return {"is_cuda": d["is_cuda"], "stats": d["stats"], "diagnostics": [dict(x) for x in d["diagnostics"]]}


def _replay(hit: CacheEntry, rel: str, out_rel: str) -> FileReport:
    saved = hit["report"]
    # The cache is keyed by the file's path, so its diagnostics name that path already.
    return FileReport.from_dict({**saved, "path": rel, "action": "unchanged", "output": out_rel})


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _fresh(hit: CacheEntry, key: str, data: bytes, out_file: Path, in_place: bool) -> bool:
    if not isinstance(hit.get("report"), dict):
        return False  # nothing to report for it: translate it again
    try:
        out_hash = _sha(out_file.read_bytes())
    except OSError:
        return False
    if out_hash != hit.get("out"):
        return False  # the output was edited or removed since
    # In place, the input *is* the output after the first run.
    return hit.get("key") == key or (in_place and _sha(data) == hit.get("out"))


def _load_cache(path: Path) -> dict[str, CacheEntry]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
        return {}  # an older cache cannot replay its files' reports: start afresh
    files = data.get("files")
    return files if isinstance(files, dict) else {}


def _save_cache(path: Path, files: dict[str, CacheEntry]) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".gpuport-cache-")
    # json.dumps without indent runs the C encoder (json.dump and any indent run the Python one, which
    # was a sixth of a 1,700-file translation: the cache holds every file's diagnostics)
    text = json.dumps({"version": CACHE_VERSION, "files": files}, separators=(",", ":"), sort_keys=True)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


def _options_dict(options: Options) -> dict[str, object]:
    return {
        "target": options.target,
        "hip_version": f"{options.hip_version[0]}.{options.hip_version[1]}",
        "launch": options.launch,
        "dnn": options.dnn,
        "sycl_subgroup_size": options.sycl_subgroup_size,
        "offload_arch": list(options.offload_arch),
    }
