"""Classify a failed compile of a real-world translation unit from its first error.

Three owners, as the real-world yardstick needs them:

- ``original``: the CUDA itself does not build with nvcc here (the program is excluded from the HIP and
  SYCL percentages: there is nothing to match);
- ``environment``: the translation asks for something this machine lacks that a user's machine would have
  (hipCUB, rocThrust and hip_bf16 are absent from Debian's ROCm 5.2; torch, MPI, OpenGL...), and the
  project says it needs it;
- ``reported``: a failure at a name or header the translation itself reported as having no counterpart
  on the target (its report lists the symbol unconverted: `<mma.h>`, `block_tile_memory`, a member the
  target HIP lacks): the translator said so and exited 1; the kind names the symbol. Only exact symbols
  of the report count, so a failure a report merely happens to accompany stays the translator's (the
  harness passes the report's symbols for the HIP column only);
- ``translator``: everything else. These are ours to fix; each gets a short class name so that a run can
  count them (``renamed-include``, ``cuda-left``, ``sycl-undeclared`` ...).

The classifier reads only the compiler's text and the names of the files the original program has, so
it can be tested on error lines alone (tests/test_realworld_classify.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# A missing header's path prefix → the `needs` word of projects.toml it stands for. These are libraries
# a user's machine would have (or that Debian's ROCm 5.2 lacks), never headers gpuport should invent.
HEADER_NEEDS: tuple[tuple[str, str], ...] = (
    ("hipcub/", "hipcub"),
    ("cub/", "hipcub"),
    ("thrust/", "rocthrust"),
    ("rocthrust/", "rocthrust"),
    ("hip/hip_bf16.h", "hip_bf16"),
    ("cuda_bf16.h", "hip_bf16"),
    ("hip/hip_fp8.h", "hip_bf16"),
    # A HIP runtime header newer than Debian's 5.2 (bitsandbytes' own ROCm branch includes it).
    ("hip/hip_math_constants.h", "hip-newer"),
    ("torch/", "torch"),
    ("ATen/", "torch"),
    ("c10/", "torch"),
    ("Python.h", "python-headers"),
    ("pybind11/", "pybind11"),
    ("mpi.h", "mpi"),
    ("nccl.h", "nccl"),
    ("rccl", "nccl"),
    ("cudnn", "cudnn"),
    ("miopen/", "cudnn"),
    ("GL/", "opengl"),
    ("GLES", "opengl"),
    ("GLFW/", "glfw"),
    ("EGL/", "egl"),
    ("vulkan/", "vulkan"),
    ("FreeImage.h", "freeimage"),
    ("opencv", "opencv"),
    ("boost/", "boost"),
    ("cutlass/", "cutlass"),
    ("cute/", "cutlass"),
    ("Eigen/", "eigen"),
    ("hdf5", "hdf5"),
    ("nvml.h", "nvml"),
    ("hipfft", "cufft-hip"),
    ("hipblas", "cublas-hip"),
    ("hipblaslt", "cublas-hip"),
    ("hipsolver", "cusolver"),
    ("rocsolver", "cusolver"),
    ("nvrtc.h", "nvrtc"),
    ("hip/hiprtc.h", "nvrtc"),
    ("nvjpeg", "nvjpeg"),
    ("npp", "npp"),
    ("omp.h", "openmp-offload"),
    ("helper_gl", "opengl"),
    ("cuda_gl_interop.h", "opengl"),
    ("cudaGL.h", "opengl"),
    ("cuda_egl_interop.h", "egl"),
    ("cudaEGL.h", "egl"),
)

_MISSING = re.compile(
    r"fatal error: '?([^':\n]+?)'?: No such file or directory|fatal error: '([^']+)' file not found"
)
_LOCATION = re.compile(r"^(?:In file included from )?(\S+?):(\d+):(?:\d+:)?\s*(?:fatal )?error:", re.M)
_ERROR_LINE = re.compile(r"^\S*?:\d+:(?:\d+:)?\s*(?:fatal )?error:.*$|^\S*error:.*$", re.M)

# Translator sub-classes, tried in order on the first error line (and the file it names).
_TRANSLATOR_CLASSES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("output-missing", re.compile(r"the translation wrote no such file")),
    ("redefinition", re.compile(r"redefinition of|conflicting declaration|ambiguating new declaration")),
    ("arity", re.compile(r"too (?:few|many) arguments|default argument missing|no matching function")),
    (
        "sycl-undeclared",
        re.compile(r"'sycl' (?:does not name a type|has not been declared|was not declared)"),
    ),
    (
        "cuda-qualifier-left",
        re.compile(
            r"'(?:__global__|__device__|__host__|__shared__|__constant__|__forceinline__|__launch_bounds__)'"
        ),
    ),
    (
        "cuda-name-left",
        re.compile(r"['‘](?:cuda|cu[A-Z]|cublas|curand|cufft|cusparse|cusolver|CU|CUDA)\w*['’]"),
    ),
    (
        "builtin-left",
        re.compile(
            r"['‘](?:threadIdx|blockIdx|blockDim|gridDim|warpSize|__syncthreads|__shfl\w*|atomic\w+|"
            r"__ldg|__[a-z]+2[a-z]+\w*|make_(?:u?char|u?short|u?int|u?long|longlong|float|double|half)\d?)['’]"
        ),
    ),
    (
        "vector-type-left",
        re.compile(r"['‘](?:u?char|u?short|u?int|u?long|longlong|float|double|half|__half|dim)\d['’]"),
    ),
    ("half-type-left", re.compile(r"['‘](?:__half|half|__nv_bfloat16|nv_bfloat16|__half2)['’]")),
    ("ambiguous-call", re.compile(r"ambiguous")),
    ("hip-api-missing", re.compile(r"['‘]hip\w+['’]|no member named '\w+' in namespace 'cooperative_groups")),
    (
        "undeclared",
        re.compile(r"(?:was not declared|undeclared identifier|does not name a type|unknown type)"),
    ),
    ("syntax", re.compile(r"expected|stray|unterminated")),
)


@dataclass(frozen=True)
class Failure:
    owner: str  # original | environment | translator
    kind: str  # a short class name (a needs word for the environment)
    first_error: str  # the compiler's first error line, trimmed
    file: str  # the file the first error is in ("" when unknown)


def first_error(stderr: str) -> str:
    m = _ERROR_LINE.search(stderr)
    if m:
        return m.group(0).strip()[:300]
    lines = [ln for ln in stderr.strip().splitlines() if ln.strip()]
    return lines[-1].strip()[:300] if lines else "unknown error"


def missing_header(stderr: str) -> str | None:
    m = _MISSING.search(stderr)
    return (m.group(1) or m.group(2)) if m else None


def need_of_header(header: str) -> str | None:
    for prefix, need in HEADER_NEEDS:
        if header.startswith(prefix) or f"/{prefix}" in f"/{header}":
            return need
    return None


# Libraries that exist for ROCm (a user's ROCm has them; Debian's 5.2 does not) but have no standard-SYCL
# counterpart: for SYCL output, including them is the translator's failure (issue 18: emit standard SYCL
# for the common algorithms, report the rest), not the environment's.
ROCM_ONLY = frozenset({"hipcub", "rocthrust", "hip_bf16", "hip-newer", "cufft-hip", "cublas-hip", "cusolver"})


def classify(
    stderr: str,
    *,
    original_files: Iterable[str] = (),
    cuda_ok: bool = True,
    target: str = "hip",
    reported: Iterable[str] = (),
) -> Failure:
    """The owner and class of a failed compile; a translator failure at a symbol in `reported` (the
    symbols the translation reported unconverted) is owned ``reported`` (see the module doc)."""
    f = _classify(stderr, original_files=original_files, cuda_ok=cuda_ok, target=target)
    symbols = set(reported)
    if f.owner != "translator" or not symbols:
        return f
    header = missing_header(stderr)
    named = [header] if header is not None else _QUOTED.findall(f.first_error)
    hit = next((n for n in named if n in symbols), None)
    return Failure("reported", hit, f.first_error, f.file) if hit is not None else f


_QUOTED = re.compile(r"['‘]([A-Za-z_][\w./]*)['’]")


def _classify(
    stderr: str,
    *,
    original_files: Iterable[str] = (),
    cuda_ok: bool = True,
    target: str = "hip",
) -> Failure:
    """The owner and class of a failed compile from its compiler output.

    `original_files`: the base names of the files in the original program and its include folders (a
    missing header that the original has is the translator's: a renamed or unwritten file); `cuda_ok`:
    whether the CUDA translation unit built with nvcc; `target`: "sycl" makes ROCm-only libraries the
    translator's. A missing library header is the environment's whether or not projects.toml's `needs`
    lists it (a need the list forgot is a list bug, not a translator bug).
    """
    text = first_error(stderr)
    loc = _LOCATION.search(stderr)
    where = loc.group(1) if loc else ""
    if not cuda_ok:
        return Failure("original", "cuda-fails", text, where)
    header = missing_header(stderr)
    if header is not None:
        base = header.rsplit("/", 1)[-1]
        if base in set(original_files):
            return Failure("translator", "renamed-include", text, where)
        need = need_of_header(header)
        if need is not None and target == "sycl" and need in ROCM_ONLY:
            return Failure("translator", f"no-sycl-{need}", text, where)
        if need is not None:
            # A library the machine lacks: the environment's, whether or not the list names it (a need
            # the list forgot is a list bug, not a translator bug); the kind names the library.
            return Failure("environment", need, text, where)
        return Failure("translator", "missing-header", text, where)
    for kind, pattern in _TRANSLATOR_CLASSES:
        if pattern.search(text):
            return Failure("translator", kind, text, where)
    return Failure("translator", "other", text, where)
