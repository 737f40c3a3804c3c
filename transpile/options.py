"""Translation options, shared by every rule pack."""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from .tables import Entry

Target = Literal["hip", "sycl"]
TARGETS: tuple[Target, ...] = ("hip", "sycl")
LaunchStyle = Literal["keep", "hipLaunchKernelGGL"]
# cuDNN on HIP: "hipdnn" renames to hipDNN as hipify-clang does (ROCm ships no hipDNN: GP126 reports every
# file that uses it); "keep" leaves the cuDNN names and reports each one.
DnnStyle = Literal["hipdnn", "keep"]
DNN_STYLES: tuple[DnnStyle, ...] = ("hipdnn", "keep")

# The HIP version assumed when none is given and no ROCm install can be found: the first release with
# the CUDA-style `*_sync` warp functions.
DEFAULT_HIP_VERSION = (6, 2)


@dataclass(frozen=True)
class ProjectGlobal:
    """A `__device__`/`__constant__` variable defined once in a source tree and seen from other files
    (`extern` declarations, or device functions that use it called from elsewhere: -rdc builds)."""

    name: str
    elem_type: str
    dims: tuple[str, ...]  # array extents as written in the definition; () for a scalar
    constant: bool
    defined_in: str  # tree-relative path of the file holding the definition
    scope: str = ""  # the namespace of the definition (`ns::`), or ""
    # Defined in a header that this file includes: its accessor is inline there and visible here; the
    # file neither defines nor declares it (a global a header defines is one per program all the same).
    in_header: bool = False


@dataclass(frozen=True)
class ProjectFunction:
    """A `__device__` function defined in another file of the tree, with the implicit parameters its
    translation takes (SYCL): the nd_item, then the device globals it uses (transitively)."""

    name: str
    needs_item: bool
    globals_used: tuple[str, ...]
    # `__shared__` variables it (or a device function it calls in its own file) declares, which its
    # callers provide: (parameter name `gp_<function>_<variable>`, element type, extents, dynamic)
    shared: tuple[tuple[str, str, tuple[str, ...], bool], ...] = ()
    # Where its implicit parameters are (before a defaulted parameter or a trailing pack), -1 for last
    implicit_at: int = -1
    needs_stream: bool = False  # it calls device printf (transitively): it takes the sycl::stream last


@dataclass(frozen=True)
class ProjectKernel:
    """A `__global__` kernel defined in another file of the tree whose launch must provide more than its
    arguments (SYCL): its `__shared__` variables as local accessors, and its sub-group size attribute."""

    name: str
    template_params: tuple[str, ...]
    # (name, element type, extents as written, dynamic): one local accessor each, in parameter order
    shared: tuple[tuple[str, str, tuple[str, ...], bool], ...]
    attribute: str  # the kernel lambda's attribute text ("" or " [[sycl::reqd_sub_group_size(32)]]")
    globals_used: tuple[str, ...] = ()  # device globals it reads, in parameter order
    defined_in: str = ""
    # (name, namespace `ns::` or "", is an array) per global in globals_used: what a launch passes
    globals_info: tuple[tuple[str, str, bool], ...] = ()
    # the parameters those globals become in its definition (`float *coef`), for its prototypes elsewhere
    globals_params: tuple[str, ...] = ()
    # Set per launching file: the kernel's file is among its includes, so the globals' accessors (inline
    # in that file) are visible and the launch can pass them; otherwise the launch is reported.
    globals_visible: bool = False
    # Where its implicit parameters are (_signature.implicit_index: before a defaulted parameter or a
    # trailing pack), -1 for last: a launch passes the nd_item there, as its parameters have it.
    implicit_at: int = -1
    # (base type, pointer depth) per parameter, ("", -1) where not a plain name: template parameters a
    # launch does not write are deduced from its arguments with these (_launch.deduced)
    param_shapes: tuple[tuple[str, int], ...] = ()
    # (template parameter, default argument as written): what a launch neither writes nor deduces
    template_defaults: tuple[tuple[str, str], ...] = ()
    needs_stream: bool = False  # it calls device printf (transitively): its launch creates the sycl::stream


@dataclass(frozen=True)
class Options:
    target: Target = "hip"
    # The oldest HIP the output must build with. Decides, e.g., whether `__shfl_down_sync` can stay.
    hip_version: tuple[int, int] = DEFAULT_HIP_VERSION
    launch: LaunchStyle = "keep"
    # cuDNN: hipDNN names (as hipify-clang writes them, reported per file: ROCm ships no hipDNN) or kept.
    dnn: DnnStyle = "hipdnn"
    # Names (and header paths, `hip/hip_bf16.h`) that headers the target has beyond its HIP release
    # declare: a ROCm 5.2 install given ROCm 5.7's hip_bf16.h (--hip-headers, hip_header_names()). A table
    # entry newer than hip_version whose HIP spelling is here is available all the same (hip_has()).
    hip_extra_names: frozenset[str] = field(default_factory=frozenset)
    # Names of CUDA-looking identifiers the user's own code declares elsewhere in the tree (a project's
    # `cudaCheck` helper): never reported as unconverted CUDA.
    user_names: frozenset[str] = field(default_factory=frozenset)
    # SYCL: the sub-group size required on kernels whose warp code was not recognised as an idiom.
    sycl_subgroup_size: int = 32
    # AMD GPU targets written into migrated build files (--offload-arch, CMake HIP_ARCHITECTURES).
    offload_arch: tuple[str, ...] = ("gfx90a",)
    # SYCL, tree translation only: the project's device globals and cross-file device functions this
    # file can see (through its includes), found by the tree's first pass. Empty for a single file.
    project_globals: tuple[ProjectGlobal, ...] = ()
    project_functions: tuple[ProjectFunction, ...] = ()
    # Tree translation only, from the tree's include graph (transpile/includes.py):
    # include spellings of this file that name a file the translation renames, with their new spelling
    # (SYCL: `"kernels.cu"` -> `"kernels.cpp"`);
    include_renames: tuple[tuple[str, str], ...] = ()
    # include spellings of this file that bring the target's runtime header with them (a project header
    # that includes `cuda_runtime.h` itself), so the file needs no runtime include of its own.
    runtime_from: tuple[str, ...] = ()
    # SYCL, tree translation only: kernels defined in other files that this file launches.
    project_kernels: tuple[ProjectKernel, ...] = ()
    # Tree translation only: names another file of the tree defines as aliases of the cooperative_groups
    # namespace (`namespace cg = cooperative_groups;` in the .cu file, `cg::thread_block` in its header).
    cg_aliases: tuple[str, ...] = ()
    # Tree translation (SYCL): class templates of the tree that only hand out `extern __shared__` memory
    # (`SharedMemory<T>`, `SharedMem<T>::getPointer()`), wherever they are defined.
    shared_wrappers: tuple[str, ...] = ()
    # Tree translation only: the file is included from inside an `extern "C" {` block somewhere in the
    # tree, so an include GP113 adds must restore C++ linkage around it (hip_runtime.h has templates).
    included_in_extern_c: bool = False
    # Tree translation only: quoted includes of this file that name a CUDA header but find the project's
    # own file of that name beside it (darknet's `#include "cuda.h"` -> src/cuda.h): a quoted include
    # searches the including file's folder first, so nvcc compiles the project's header, not CUDA's.
    # Also `<dir/file.h>` includes that spell a tree file's path and no table header (AMGX's vendored
    # `<cusp/array1d.h>`): the project's, not a CUDA library's left unconverted.
    project_headers: tuple[str, ...] = ()
    # Tree translation only: functions another file of the tree declares to return dim3
    # (darknet's `dim3 cuda_gridsize(size_t n);` in cuda.h): a launch `k<<<cuda_gridsize(n), B>>>` passes a
    # range, not a count.
    dim3_functions: tuple[str, ...] = ()
    # Tree translation (SYCL) of a C file that becomes C++: names the headers it includes declare with C
    # linkage (inside `extern "C"`); its own definitions of them must say so too, or C++ calls a definition
    # before the header's declaration a conflicting one (darknet's `int gpu_index = 0;` above its includes).
    c_linkage: tuple[str, ...] = ()
    # Tree translation: macros other files of the tree define as CUDA function qualifiers
    # (moderngpu's `#define MGPU_DEVICE __device__` in meta.hxx), with their qualifiers, that this file
    # uses: its functions declared with them are device functions.
    qualifier_macros: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # Tree translation: object-like macros other files define as one CUDA API name (qulacs'
    # `#define gpuMalloc cudaMalloc` in gpu_wrapping.h) that this file uses: alias -> CUDA name. SYCL
    # translates a use as the name it stands for when that name needs a structural rewrite.
    api_aliases: tuple[tuple[str, str], ...] = ()
    # Tree translation (SYCL): functions of other files that launch a kernel given as a parameter
    # (ggml's `ggml_cuda_kernel_launch(kernel, params, args...)`), with that parameter's index: the kernels
    # this file passes to them become host launchers (GP263).
    kernel_launchers: tuple[tuple[str, int], ...] = ()
    # Tree translation: function-like macros other files define to paste a CUDA API prefix onto their
    # argument (the CUDA Handbook's `#define cuda( fn ) ... (cuda##fn)` in chError.h) that this file
    # calls: name -> prefix. GP313 makes the calls name the API in full, so the rules translate them.
    paste_macros: tuple[tuple[str, str], ...] = ()

    def hip_has(self, entry: Entry) -> bool:
        """Whether the target HIP has `entry`'s HIP spelling: its release is new enough (min_hip), or a
        header the target has beyond its release declares it (hip_extra_names)."""
        if entry.min_hip is None or entry.min_hip <= self.hip_version:
            return True
        name = entry.hip_name()
        return name is not None and name in self.hip_extra_names

    def key(self) -> str:
        """A stable string for cache keys (user_names excluded: they change with the tree, not the file;
        the project's globals are included: they change what this file's translation is)."""
        base = f"{self.target}|{self.hip_version[0]}.{self.hip_version[1]}|{self.launch}|{self.sycl_subgroup_size}"
        if self.project_globals or self.project_functions:
            base += f"|{self.project_globals!r}|{self.project_functions!r}"
        if self.include_renames or self.runtime_from or self.project_kernels or self.cg_aliases:
            base += f"|{self.include_renames!r}|{self.runtime_from!r}|{self.project_kernels!r}|{self.cg_aliases!r}"
        if self.shared_wrappers:
            base += f"|wrappers:{self.shared_wrappers!r}"
        if self.included_in_extern_c:
            base += "|extern-c"
        if self.project_headers:
            base += f"|own-headers:{self.project_headers!r}"
        if self.dim3_functions:
            base += f"|dim3-functions:{self.dim3_functions!r}"
        if self.c_linkage:
            base += f"|c-linkage:{self.c_linkage!r}"
        if self.qualifier_macros:
            base += f"|qualifier-macros:{self.qualifier_macros!r}"
        if self.api_aliases:
            base += f"|api-aliases:{self.api_aliases!r}"
        if self.kernel_launchers:
            base += f"|kernel-launchers:{self.kernel_launchers!r}"
        if self.paste_macros:
            base += f"|paste-macros:{self.paste_macros!r}"
        if self.dnn != "hipdnn":
            base += f"|dnn:{self.dnn}"
        if self.hip_extra_names:
            digest = hashlib.sha256("\n".join(sorted(self.hip_extra_names)).encode()).hexdigest()[:16]
            base += f"|hip-headers:{digest}"
        return base


_HIP_VERSION_HEADERS = (
    Path("/opt/rocm/include/hip/hip_version.h"),
    Path("/usr/include/hip/hip_version.h"),
)


@functools.cache
def installed_hip_version() -> tuple[int, int] | None:
    """The HIP version of the ROCm install on this machine, read from hip_version.h, or None."""
    for header in _HIP_VERSION_HEADERS:
        try:
            text = header.read_text(errors="replace")
        except OSError:
            continue
        major = re.search(r"#define\s+HIP_VERSION_MAJOR\s+(\d+)", text)
        minor = re.search(r"#define\s+HIP_VERSION_MINOR\s+(\d+)", text)
        if major and minor:
            return int(major.group(1)), int(minor.group(1))
    return None


def parse_hip_version(text: str | None) -> tuple[int, int]:
    """'6.2' -> (6, 2); None or 'auto' -> the installed HIP's version, else DEFAULT_HIP_VERSION."""
    if text is None or text == "auto":
        return installed_hip_version() or DEFAULT_HIP_VERSION
    m = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?(?:\.\d+)?\s*", text)
    if not m:
        raise ValueError(f"bad HIP version {text!r}: expected MAJOR.MINOR, e.g. 5.2 or 6.2")
    return int(m.group(1)), int(m.group(2) or 0)


_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_HEADER_SUFFIXES = (".h", ".hpp", ".cuh", ".inl", ".hxx")


@functools.cache
def hip_header_names(folders: tuple[str, ...]) -> frozenset[str]:
    """What the HIP headers under `folders` (include roots) declare that a table entry newer than some HIP
    release spells, for Options.hip_extra_names: the entries' HIP names found as identifiers outside
    comments, and the headers' paths from their root (`hip/hip_bf16.h`). Only the names hip_has() can ask
    about are kept, so options stay small and a header change elsewhere does not change the fingerprint.

    A name these headers only use is declared by a header they include, one the target has too (they
    compile against it), so "appears in them" is enough; the compile check stays the judge.
    """
    from .tables import load_tables

    tables = load_tables()
    dated = {
        name
        for entry in (*tables.symbols.values(), *tables.headers.values())
        if entry.min_hip is not None and (name := entry.hip_name()) is not None
    }
    names: set[str] = set()
    for folder in folders:
        root = Path(folder)
        for path in sorted(root.rglob("*")):
            if path.suffix not in _HEADER_SUFFIXES or not path.is_file():
                continue
            names.add(path.relative_to(root).as_posix())
            text = _COMMENT.sub(" ", path.read_text(errors="replace"))
            names.update(_IDENTIFIER.findall(text))
    return frozenset(names & dated)
