"""nvcc command-line words -> hipcc (or a SYCL compiler), shared by the Makefile and CMake migrations.

Input is a list of `Word`s (a flag or argument with its byte range in the build file); output is a list of
findings, each with the edits that fix it. Pairs such as `-Xcompiler -fPIC` or `-gencode arch=..,code=..`
are recognised across two words. Only nvcc's own spellings are matched, so plain compiler flags pass.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import Safety, Status
from ..edits import Edit
from .codes import (
    BUILD_ARCH_FLAG,
    BUILD_COMPILER,
    BUILD_CUDA_PATH,
    BUILD_HOST_FLAG,
    BUILD_LIBRARY,
    BUILD_NVCC_OPTION,
)


@dataclass(frozen=True)
class Word:
    start: int  # byte offsets in the build file
    end: int
    text: str


@dataclass
class Finding:
    """One thing found in a build file; becomes a Diagnostic with code/family filled in by the caller."""

    code: str
    message: str
    start: int
    end: int
    status: Status
    symbol: str = ""
    safety: Safety = Safety.SAFE
    edits: list[Edit] = field(default_factory=list)


# Flag families, for the codes of buildsys/codes.py.
ARCH, HOST, OPTION, LIBRARY, PATH, COMPILER = (
    BUILD_ARCH_FLAG,
    BUILD_HOST_FLAG,
    BUILD_NVCC_OPTION,
    BUILD_LIBRARY,
    BUILD_CUDA_PATH,
    BUILD_COMPILER,
)

_ARCH_JOINED = re.compile(r"^(?:-arch|--gpu-architecture|-gencode|--generate-code|-code|--gpu-code)=(.+)$")
_ARCH_SPLIT = frozenset({"-arch", "--gpu-architecture", "-gencode", "--generate-code", "-code", "--gpu-code"})
_ARCH_VALUE = re.compile(r"^(?:(?:sm|compute|lto)_\w+|native|all|all-major|arch=.*|\$[({].*)$")
_HOST_JOINED = re.compile(r"^(?:-Xcompiler|--compiler-options)=(.+)$")
_HOST_SPLIT = frozenset({"-Xcompiler", "--compiler-options"})
# Flags dropped with their value word: what they tune has no hipcc counterpart.
_DROP_WITH_VALUE = {
    "-Xptxas": ("ptxas options have no counterpart (the AMD backend is not ptxas)", Safety.REVIEW),
    "--ptxas-options": ("ptxas options have no counterpart (the AMD backend is not ptxas)", Safety.REVIEW),
    "-Xnvlink": ("nvlink options have no counterpart", Safety.REVIEW),
    "--nvlink-options": ("nvlink options have no counterpart", Safety.REVIEW),
    "-ccbin": ("hipcc compiles host code itself; the host compiler choice is dropped", Safety.REVIEW),
    "--compiler-bindir": (
        "hipcc compiles host code itself; the host compiler choice is dropped",
        Safety.REVIEW,
    ),
    "-cudart": ("hipcc links the HIP runtime itself", Safety.SAFE),
    "--cudart": ("hipcc links the HIP runtime itself", Safety.SAFE),
    "--maxrregcount": ("no register cap flag; use __launch_bounds__ in the source", Safety.REVIEW),
    "--threads": ("nvcc's parallel compilation has no counterpart", Safety.SAFE),
}
_DROP_JOINED = re.compile(
    r"^(?:-Xptxas|--ptxas-options|-Xnvlink|--nvlink-options|-ccbin|--compiler-bindir|-cudart|--cudart"
    r"|-maxrregcount|--maxrregcount|--threads|-rdc=false|--relocatable-device-code=false)=.*$"
)
# One word -> its replacement ("" drops it), a reason, and the safety of doing so.
_SIMPLE: dict[str, tuple[str, str, Safety]] = {
    "--use_fast_math": ("-ffast-math", "fast math for host and device", Safety.REVIEW),
    "-use_fast_math": ("-ffast-math", "fast math for host and device", Safety.REVIEW),
    "-rdc=true": ("-fgpu-rdc", "relocatable device code", Safety.SAFE),
    "--relocatable-device-code=true": ("-fgpu-rdc", "relocatable device code", Safety.SAFE),
    "-dc": ("-fgpu-rdc -c", "relocatable device code, compile only", Safety.SAFE),
    "--device-c": ("-fgpu-rdc -c", "relocatable device code, compile only", Safety.SAFE),
    "-lineinfo": ("-gline-tables-only", "line tables for profilers", Safety.REVIEW),
    "--generate-line-info": ("-gline-tables-only", "line tables for profilers", Safety.REVIEW),
    "-G": ("-g", "device debug information (optimisation is not turned off as with nvcc -G)", Safety.REVIEW),
    "--device-debug": ("-g", "device debug information", Safety.REVIEW),
    "--expt-relaxed-constexpr": ("", "clang allows constexpr calls across host/device", Safety.SAFE),
    "-expt-relaxed-constexpr": ("", "clang allows constexpr calls across host/device", Safety.SAFE),
    "--expt-extended-lambda": ("", "clang accepts __device__ lambdas without a flag", Safety.SAFE),
    "-expt-extended-lambda": ("", "clang accepts __device__ lambdas without a flag", Safety.SAFE),
    "--extended-lambda": ("", "clang accepts __device__ lambdas without a flag", Safety.SAFE),
    "-extended-lambda": ("", "clang accepts __device__ lambdas without a flag", Safety.SAFE),
    "--resource-usage": ("", "no resource report flag", Safety.SAFE),
    "-res-usage": ("", "no resource report flag", Safety.SAFE),
    "-keep": ("", "intermediate files are not kept", Safety.SAFE),
    "--keep": ("", "intermediate files are not kept", Safety.SAFE),
    "-Wno-deprecated-gpu-targets": ("", "nvcc-only warning switch", Safety.SAFE),
    "--Wno-deprecated-gpu-targets": ("", "nvcc-only warning switch", Safety.SAFE),
    "--default-stream=per-thread": (
        "-fgpu-default-stream=per-thread",
        "per-thread default stream",
        Safety.SAFE,
    ),
    "--default-stream=legacy": ("", "the legacy default stream is HIP's default", Safety.SAFE),
    "-rdc=false": ("", "whole-program device code is hipcc's default", Safety.SAFE),
    "--relocatable-device-code=false": ("", "whole-program device code is hipcc's default", Safety.SAFE),
}
_NO_COUNTERPART = {
    "-dlink": "a separate device-link step has no hipcc counterpart: link with hipcc -fgpu-rdc instead",
    "--device-link": "a separate device-link step has no hipcc counterpart: link with hipcc -fgpu-rdc instead",
    "-ptx": "PTX output has no AMD counterpart",
    "--ptx": "PTX output has no AMD counterpart",
    "-cubin": "cubin output has no AMD counterpart",
    "--cubin": "cubin output has no AMD counterpart",
    "-fatbin": "fatbin output has no AMD counterpart",
    "--fatbin": "fatbin output has no AMD counterpart",
}
# -l<name>: HIP library, SYCL library ("" drops; None: no counterpart).
_LIBS: dict[str, tuple[str | None, str | None]] = {
    "cudart": ("amdhip64", ""),  # amdhip64, not nothing: a g++ link line needs the runtime too
    "cudart_static": ("amdhip64", ""),
    "cuda": ("amdhip64", ""),
    "culibos": ("", ""),
    "cublas": ("hipblas", None),
    "cublas_static": ("hipblas", None),
    "cublasLt": ("hipblaslt", None),
    "curand": ("hiprand", None),
    "curand_static": ("hiprand", None),
    "cufft": ("hipfft", None),
    "cufft_static": ("hipfft", None),
    "cusparse": ("hipsparse", None),
    "cusparse_static": ("hipsparse", None),
    "cusolver": ("hipsolver", None),
    "nvrtc": ("hiprtc", None),
    "nvToolsExt": ("roctx64", None),
    "cudadevrt": (None, None),
}
_CUDA_PATH = re.compile(
    r"(?i)(?:/cuda(?:-[\d.]+)?(?=/|$)|\$[({](?:CUDA_PATH|CUDA_HOME|CUDA_DIR|CUDA_ROOT|CUDA_TOOLKIT_ROOT_DIR|CUDA_INSTALL_PATH|CUDATOOLKIT_HOME)[)}])"
)
_NVCC = re.compile(r"^(?:.*/)?nvcc(?:\.exe)?$")
SM_WORD = re.compile(r"^(?:sm|compute)_\d+[a-z]?$")


def arch_flags(arches: tuple[str, ...]) -> str:
    # One flag per target: every clang that hipcc wraps accepts repeated --offload-arch.
    return " ".join(f"--offload-arch={a}" for a in arches)


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1]
    return text


class FlagTranslator:
    """Translates the nvcc words of one command line (or one variable value)."""

    def __init__(self, target: str, arches: tuple[str, ...]) -> None:
        self.target = target
        self.arches = arches

    def run(self, words: list[Word]) -> list[Finding]:
        out: list[Finding] = []
        arch_done = False
        i = 0
        while i < len(words):
            w = words[i]
            nxt = words[i + 1] if i + 1 < len(words) else None
            t = w.text
            used = 1
            # Architecture: the first flag becomes the --offload-arch list, later ones go.
            m = _ARCH_JOINED.match(t)
            is_arch = bool(m and _ARCH_VALUE.match(m.group(1)))
            if not is_arch and t in _ARCH_SPLIT and nxt is not None and _ARCH_VALUE.match(nxt.text):
                is_arch, used = True, 2
            if is_arch:
                end = words[i + used - 1].end
                if self.target == "sycl":
                    out.append(
                        self._drop(
                            ARCH,
                            w.start,
                            end,
                            "GPU architecture flag dropped: a SYCL "
                            "compiler picks devices with its own flags (-fsycl-targets, "
                            "--acpp-targets)",
                            Safety.REVIEW,
                            t,
                        )
                    )
                elif not arch_done:
                    out.append(
                        Finding(
                            ARCH,
                            f"`{t}` -> {arch_flags(self.arches)}",
                            w.start,
                            end,
                            Status.CONVERTED,
                            t,
                            Safety.REVIEW,
                            [Edit(w.start, end, arch_flags(self.arches))],
                        )
                    )
                else:
                    out.append(
                        self._drop(
                            ARCH,
                            w.start,
                            end,
                            "further CUDA architecture flag dropped "
                            "(the --offload-arch list covers the targets)",
                            Safety.SAFE,
                            t,
                        )
                    )
                arch_done = arch_done or self.target != "sycl"
                i += used
                continue
            # -Xcompiler X: X goes to the host compiler, which hipcc is itself.
            m = _HOST_JOINED.match(t)
            if m or (t in _HOST_SPLIT and nxt is not None):
                if m:
                    value, vstart = m.group(1), w.start + len(t) - len(m.group(1))
                    edits = [Edit(w.start, w.end, _unquote(value).replace(",", " "))]
                    end = w.end
                else:
                    assert nxt is not None
                    value, vstart, end = nxt.text, nxt.start, nxt.end
                    edits = [Edit(w.start, nxt.start, "")]
                    plain = _unquote(value).replace(",", " ")
                    if plain != value:
                        edits.append(Edit(nxt.start, nxt.end, plain))
                    used = 2
                del vstart
                out.append(
                    Finding(
                        HOST,
                        f"`{t}` removed: the compiler driver compiles host code itself",
                        w.start,
                        end,
                        Status.CONVERTED,
                        t,
                        Safety.SAFE,
                        edits,
                    )
                )
                i += used
                continue
            if t in _DROP_WITH_VALUE and nxt is not None:
                reason, safety = _DROP_WITH_VALUE[t]
                if self.target == "sycl":  # the same reasons, said of the SYCL compiler
                    reason = reason.replace("hipcc", "the SYCL compiler").replace(
                        "the HIP runtime", "its runtime"
                    )
                    reason = reason.replace("the AMD backend is not ptxas", "no ptxas in a SYCL build")
                out.append(
                    self._drop(OPTION, w.start, nxt.end, f"`{t} {nxt.text}` dropped: {reason}", safety, t)
                )
                i += 2
                continue
            if _DROP_JOINED.match(t) and t not in _SIMPLE:
                out.append(
                    self._drop(OPTION, w.start, w.end, f"`{t}` dropped: no counterpart", Safety.REVIEW, t)
                )
                i += 1
                continue
            if t == "--default-stream" and nxt is not None:
                per_thread = nxt.text == "per-thread" and self.target == "hip"
                new = "-fgpu-default-stream=per-thread" if per_thread else ""
                out.append(
                    Finding(
                        OPTION,
                        f"`{t} {nxt.text}` -> `{new}`",
                        w.start,
                        nxt.end,
                        Status.CONVERTED,
                        t,
                        Safety.SAFE,
                        [Edit(w.start, nxt.end, new)]
                        if new
                        else self._drop(OPTION, w.start, nxt.end, "", Safety.SAFE, t).edits,
                    )
                )
                i += 2
                continue
            if t == "-x" and nxt is not None and nxt.text == "cu":
                new = "hip" if self.target == "hip" else "c++"
                out.append(
                    Finding(
                        OPTION,
                        f"`-x cu` -> `-x {new}`",
                        w.start,
                        nxt.end,
                        Status.CONVERTED,
                        t,
                        Safety.SAFE,
                        [Edit(nxt.start, nxt.end, new)],
                    )
                )
                i += 2
                continue
            if t in _SIMPLE:
                new, reason, safety = _SIMPLE[t]
                if self.target == "sycl" and "gpu" in new:
                    new, reason = ("-c" if "-c" in new else ""), "SYCL compilers need no flag for this"
                if new:
                    out.append(
                        Finding(
                            OPTION,
                            f"`{t}` -> `{new}`: {reason}",
                            w.start,
                            w.end,
                            Status.CONVERTED,
                            t,
                            safety,
                            [Edit(w.start, w.end, new)],
                        )
                    )
                else:
                    out.append(self._drop(OPTION, w.start, w.end, f"`{t}` dropped: {reason}", safety, t))
                i += 1
                continue
            if t in _NO_COUNTERPART:
                out.append(
                    Finding(
                        OPTION,
                        f"`{t}`: {_NO_COUNTERPART[t]}",
                        w.start,
                        w.end,
                        Status.UNCONVERTED,
                        t,
                        Safety.REVIEW,
                    )
                )
                i += 1
                continue
            lib = self._library(w)
            if lib is not None:
                out.append(lib)
                i += 1
                continue
            path = self._path(w)
            if path is not None:
                out.append(path)
                i += 1
                continue
            if _NVCC.match(t):
                new = "hipcc" if self.target == "hip" else "icpx -fsycl"
                safety = Safety.SAFE if self.target == "hip" else Safety.REVIEW
                note = "" if self.target == "hip" else " (or acpp, AdaptiveCpp's driver)"
                out.append(
                    Finding(
                        COMPILER,
                        f"`{t}` -> `{new}`{note}",
                        w.start,
                        w.end,
                        Status.CONVERTED,
                        t,
                        safety,
                        [Edit(w.start, w.end, new)],
                    )
                )
                i += 1
                continue
            i += 1
        return out

    def _drop(self, code: str, start: int, end: int, message: str, safety: Safety, symbol: str) -> Finding:
        status = Status.CONVERTED if safety is Safety.SAFE else Status.WARNING
        return Finding(code, message, start, end, status, symbol, safety, [Edit(start, end, "")])

    def _library(self, w: Word) -> Finding | None:
        m = re.fullmatch(r"-l(\w+)", w.text)
        if not m or m.group(1) not in _LIBS:
            return None
        hip, sycl = _LIBS[m.group(1)]
        new = hip if self.target == "hip" else sycl
        if new is None:
            why = (
                "device runtime for dynamic parallelism: no HIP counterpart"
                if m.group(1) == "cudadevrt"
                else "no SYCL 2020 counterpart (oneMKL is not part of the standard)"
            )
            return Finding(
                LIBRARY, f"`{w.text}`: {why}", w.start, w.end, Status.UNCONVERTED, w.text, Safety.REVIEW
            )
        if new == "":
            return Finding(
                LIBRARY,
                f"`{w.text}` dropped: the compiler driver links the runtime",
                w.start,
                w.end,
                Status.CONVERTED,
                w.text,
                Safety.SAFE,
                [Edit(w.start, w.end, "")],
            )
        safety = Safety.REVIEW if new in ("hipblaslt", "roctx64") else Safety.SAFE
        return Finding(
            LIBRARY,
            f"`{w.text}` -> `-l{new}`",
            w.start,
            w.end,
            Status.CONVERTED,
            w.text,
            safety,
            [Edit(w.start, w.end, f"-l{new}")],
        )

    def _path(self, w: Word) -> Finding | None:
        t = w.text
        m = re.match(r"^(-I|-L|-isystem|-Wl,-rpath,|-Wl,-rpath=|-Xlinker=-rpath=)(.+)$", t)
        if not m or not _CUDA_PATH.search(m.group(2)):
            return None
        if self.target == "sycl":
            return self._drop(
                PATH, w.start, w.end, f"`{t}` dropped: a SYCL compiler needs no CUDA path", Safety.SAFE, t
            )
        sub = "include" if m.group(1) in ("-I", "-isystem") else "lib"
        new = f"{m.group(1)}/opt/rocm/{sub}"
        return Finding(
            PATH,
            f"`{t}` -> `{new}`",
            w.start,
            w.end,
            Status.CONVERTED,
            t,
            Safety.SAFE,
            [Edit(w.start, w.end, new)],
        )


def is_cuda_path(text: str) -> bool:
    return _CUDA_PATH.search(text) is not None
