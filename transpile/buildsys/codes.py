"""The build-file finding codes (GP401-GP449), documented like the C++ rules.

`BuildCode` has the face of a rule class (code, name, targets, summary, doc()) so `gpuport rules` can
list and show these next to the C++ rules.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

# The codes by name: the modules that report them use these, never the literal.
CMAKE_LANGUAGE = "GP401"
CMAKE_FIND_PACKAGE = "GP402"
CMAKE_IMPORTED_TARGET = "GP403"
CMAKE_ARCHITECTURES = "GP404"
CMAKE_VARIABLE = "GP405"
CMAKE_LEGACY_COMMAND = "GP406"
CMAKE_CU_SOURCES = "GP407"
CMAKE_NO_COUNTERPART = "GP408"
CMAKE_SYCL_COMPILER = "GP409"
CMAKE_UNCONVERTED = "GP410"
BUILD_COMPILER = "GP421"
BUILD_ARCH_FLAG = "GP422"
BUILD_HOST_FLAG = "GP423"
BUILD_NVCC_OPTION = "GP424"
BUILD_LIBRARY = "GP425"
BUILD_CUDA_PATH = "GP426"
MAKE_SOURCE_RENAME = "GP427"
MAKE_UNCONVERTED = "GP428"

BOTH = frozenset({"hip", "sycl"})


@dataclass(frozen=True)
class BuildCode:
    code: str
    name: str
    summary: str
    text: str  # What it does / Why / Example / Translated to / Safety / References
    targets: frozenset[str] = BOTH

    def doc(self) -> str:
        return inspect.cleandoc(self.text)


def _code(code: str, name: str, summary: str, text: str) -> BuildCode:
    return BuildCode(code, name, summary, text)


CODES: dict[str, BuildCode] = {
    c.code: c
    for c in [
        _code(
            CMAKE_LANGUAGE,
            "cmake-language",
            "CMake's CUDA language becomes HIP (SYCL: CXX)",
            """
            What it does: rewrites the CUDA language in `project(... LANGUAGES CUDA)`, `enable_language(CUDA)`,
            `check_language(CUDA)`, `LANGUAGE CUDA` source properties and `$<COMPILE_LANGUAGE:CUDA>`.
            Why: CMake 3.21+ has a first-class HIP language; SYCL sources are plain C++.
            Example: project(app LANGUAGES CXX CUDA)
            Translated to: project(app LANGUAGES CXX HIP)  (SYCL: project(app LANGUAGES CXX))
            Safety: safe.
            References: CMake manual, "HIP" language (enable_language, CMAKE_HIP_ARCHITECTURES).
            """,
        ),
        _code(
            CMAKE_FIND_PACKAGE,
            "cmake-find-package",
            "find_package(CUDA/CUDAToolkit) becomes find_package(hip)",
            """
            What it does: replaces `find_package(CUDA)` and `find_package(CUDAToolkit)` with
            `find_package(hip REQUIRED)` plus one `find_package(<lib> REQUIRED)` for each ROCm library the file
            uses (hipblas, hiprand, hipfft, hipsparse, hipsolver). SYCL: the command is removed.
            Why: the HIP runtime and libraries export CMake packages with imported targets.
            Example: find_package(CUDAToolkit REQUIRED)
            Translated to: find_package(hip REQUIRED) / find_package(hipblas REQUIRED)
            Safety: safe; SYCL removal is marked for review.
            References: ROCm "Using CMake"; the hip, hipblas, hiprand, hipsparse package config files.
            """,
        ),
        _code(
            CMAKE_IMPORTED_TARGET,
            "cmake-imported-target",
            "CUDA:: targets and FindCUDA library variables",
            """
            What it does: maps CUDAToolkit imported targets, FindCUDA library variables and bare library names
            in target_link_libraries to the ROCm packages' exported targets.
            Why: the names differ; the targets carry include paths and link flags.
            Example: target_link_libraries(app PRIVATE CUDA::cudart CUDA::cublas)
            Translated to: target_link_libraries(app PRIVATE hip::host roc::hipblas)
            Targets: cudart/cuda_driver -> hip::host, cublas -> roc::hipblas, curand -> hip::hiprand,
            cufft -> hip::hipfft, cusparse -> roc::hipsparse, cusolver -> roc::hipsolver (names read from
            Debian's ROCm 5.x config files: hip::host, hip::hiprand, roc::hipsparse). SYCL: the runtime target
            is removed; libraries are left unconverted (oneMKL is not SYCL 2020).
            Safety: safe.
            References: CMake FindCUDAToolkit; ROCm library CMake configs.
            """,
        ),
        _code(
            CMAKE_ARCHITECTURES,
            "cmake-architectures",
            "CUDA architectures become the --offload-arch list",
            """
            What it does: `CMAKE_CUDA_ARCHITECTURES` and the `CUDA_ARCHITECTURES` property become
            `CMAKE_HIP_ARCHITECTURES` / `HIP_ARCHITECTURES` with the `--offload-arch` list (default gfx90a);
            when the file sets none, `set(CMAKE_HIP_ARCHITECTURES ...)` is added after project().
            SYCL: removed (devices are chosen by the SYCL compiler's own flags).
            Why: sm_XX numbers mean nothing to AMD GPUs.
            Example: set_target_properties(app PROPERTIES CUDA_ARCHITECTURES "70;80")
            Translated to: set_target_properties(app PROPERTIES HIP_ARCHITECTURES "gfx90a")
            Safety: review (the GPU list is a choice).
            References: CMake HIP_ARCHITECTURES.
            """,
        ),
        _code(
            CMAKE_VARIABLE,
            "cmake-variable",
            "CMAKE_CUDA_* variables and CUDA_* properties with a HIP counterpart",
            """
            What it does: renames CMAKE_CUDA_FLAGS(_<CONFIG>), CMAKE_CUDA_STANDARD(_REQUIRED),
            CMAKE_CUDA_EXTENSIONS, CMAKE_CUDA_COMPILER..., and CUDA_STANDARD, CUDA_EXTENSIONS... to their HIP
            (SYCL: CXX) names, in arguments and `${...}` references.
            Why: CMake keeps one set of these per language.
            Example: set(CMAKE_CUDA_STANDARD 17)
            Translated to: set(CMAKE_HIP_STANDARD 17)
            Safety: safe; SYCL's CXX renames are marked for review (they may meet existing CXX settings).
            References: CMake CMAKE_<LANG>_FLAGS, <LANG>_STANDARD.
            """,
        ),
        _code(
            CMAKE_LEGACY_COMMAND,
            "cmake-legacy-command",
            "FindCUDA's cuda_* commands",
            """
            What it does: cuda_add_executable/cuda_add_library -> add_executable/add_library (their OPTIONS
            are dropped with a warning), cuda_include_directories -> include_directories,
            cuda_add_cublas_to_target / cuda_add_cufft_to_target -> target_link_libraries(... roc::hipblas).
            Others (cuda_compile, cuda_wrap_srcs...) are left unconverted.
            Why: FindCUDA is deprecated and has no HIP twin; plain commands with LANGUAGE HIP do the job.
            Example: cuda_add_executable(app main.cu)
            Translated to: add_executable(app main.cu) + set_source_files_properties(main.cu PROPERTIES LANGUAGE HIP)
            Safety: safe; dropped OPTIONS are marked for review.
            References: CMake FindCUDA (deprecated since 3.10).
            """,
        ),
        _code(
            CMAKE_CU_SOURCES,
            "cmake-cu-sources",
            ".cu sources: LANGUAGE HIP (HIP) or renamed to .cpp (SYCL)",
            """
            What it does: HIP: after each command that lists .cu files literally (add_executable, add_library,
            target_sources, set, list) or globs only *.cu, adds
            `set_source_files_properties(<files> PROPERTIES LANGUAGE HIP)`. SYCL: renames `x.cu` to `x.cpp`,
            as the tree translation renames the files.
            Why: CMake picks a source's language from its extension, and .cu means CUDA; the translator
            keeps .cu names for HIP.
            Example: add_executable(app main.cu)
            Translated to: add_executable(app main.cu) / set_source_files_properties(main.cu PROPERTIES LANGUAGE HIP)
            Safety: safe.
            References: CMake LANGUAGE source property.
            """,
        ),
        _code(
            CMAKE_NO_COUNTERPART,
            "cmake-no-counterpart",
            "CUDA-only CMake settings left in place",
            """
            What it does: reports CUDA_SEPARABLE_COMPILATION, CUDA_RESOLVE_DEVICE_SYMBOLS, CUDA_RUNTIME_LIBRARY,
            CUDA_PTX_COMPILATION, CMAKE_CUDA_HOST_COMPILER, CUDA_NVCC_FLAGS and similar, unchanged.
            Why: HIP has no such property; e.g. separable compilation is `-fgpu-rdc` on compile and link.
            Example: set_target_properties(app PROPERTIES CUDA_SEPARABLE_COMPILATION ON)
            Translated to: unchanged, reported (use target_compile_options/target_link_options(app PRIVATE -fgpu-rdc)).
            Safety: review.
            References: clang HIP support, -fgpu-rdc.
            """,
        ),
        _code(
            CMAKE_SYCL_COMPILER,
            "cmake-sycl-compiler",
            "SYCL: how to configure with a SYCL compiler",
            """
            What it does: SYCL target only: adds a comment after project() saying to configure with a SYCL
            2020 compiler: `-DCMAKE_CXX_COMPILER=icpx -DCMAKE_CXX_FLAGS=-fsycl`, or AdaptiveCpp's `acpp`.
            Why: SYCL needs no CMake package when the C++ compiler is a SYCL compiler; which one is the user's choice.
            Example: project(app LANGUAGES CXX CUDA)
            Translated to: project(app LANGUAGES CXX) followed by the comment.
            Safety: review.
            References: SYCL 2020 specification, section 5 (compiler); DPC++ and AdaptiveCpp docs.
            """,
        ),
        _code(
            CMAKE_UNCONVERTED,
            "cmake-unconverted",
            "CUDA left in a CMake file",
            """
            What it does: reports every CUDA-looking name left in a CMake file that no other finding handled
            (CUDA::x targets without a counterpart, CUDA_* / CMAKE_CUDA_* / CUDAToolkit_* variables, cuda_*
            commands, nvcc).
            Why: never silently wrong: what is not migrated is listed and counted.
            Example: include(${CUDA_TOOLKIT_ROOT_DIR}/samples.cmake)
            Translated to: unchanged, reported.
            Safety: review.
            References: -
            """,
        ),
        _code(
            BUILD_COMPILER,
            "build-compiler",
            "nvcc becomes hipcc (SYCL: icpx -fsycl)",
            """
            What it does: a word naming nvcc (`NVCC = nvcc`, `CC=nvcc`, `$(CUDA_PATH)/bin/nvcc`, a recipe's
            command word) becomes `hipcc`; SYCL: `icpx -fsycl` (acpp works as well).
            Why: hipcc compiles .cu files as HIP (it adds `-x hip`), so rules for .cu stay.
            Example: NVCC ?= /usr/local/cuda/bin/nvcc
            Translated to: NVCC ?= hipcc
            Safety: safe (SYCL: review).
            References: HIP programming guide, hipcc.
            """,
        ),
        _code(
            BUILD_ARCH_FLAG,
            "build-arch-flag",
            "nvcc architecture flags become --offload-arch",
            """
            What it does: the first of -arch=sm_XX, -arch sm_XX, --gpu-architecture, -gencode arch=..,code=..,
            --generate-code, -code on a line becomes `--offload-arch=<arch>` for each arch of the
            --offload-arch option (default gfx90a); the others are dropped. A bare sm_XX value in a variable
            becomes the first arch. SYCL: dropped.
            Why: AMD targets are named gfxNNN; the list is a build choice.
            Example: NVCCFLAGS = -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90
            Translated to: NVCCFLAGS = -O3 --offload-arch=gfx90a
            Safety: review.
            References: clang --offload-arch.
            """,
        ),
        _code(
            BUILD_HOST_FLAG,
            "build-host-flag",
            "-Xcompiler X becomes X",
            """
            What it does: removes -Xcompiler/--compiler-options, keeping the host flags (commas split).
            Why: hipcc is clang and compiles host code itself.
            Example: -Xcompiler -fopenmp,-Wall
            Translated to: -fopenmp -Wall
            Safety: safe.
            References: nvcc manual, --compiler-options.
            """,
        ),
        _code(
            BUILD_NVCC_OPTION,
            "build-nvcc-option",
            "other nvcc-only options",
            """
            What it does: --use_fast_math -> -ffast-math, -rdc=true -> -fgpu-rdc, -dc -> -fgpu-rdc -c,
            -lineinfo -> -gline-tables-only, -G -> -g, --default-stream per-thread ->
            -fgpu-default-stream=per-thread, -x cu -> -x hip; in a Makefile that compiles with -dc or
            -rdc=true, an nvcc link line without it gets -fgpu-rdc; drops --expt-relaxed-constexpr,
            --extended-lambda, -Xptxas .., -maxrregcount, -ccbin .., -cudart ..; reports -dlink, -ptx, -cubin.
            Why: hipcc rejects nvcc's options.
            Example: NVCCFLAGS = --use_fast_math -lineinfo --expt-relaxed-constexpr
            Translated to: NVCCFLAGS = -ffast-math -gline-tables-only
            Safety: per option; fast math and line info are marked for review.
            References: nvcc manual; clang HIP options.
            """,
        ),
        _code(
            BUILD_LIBRARY,
            "build-library",
            "-lcublas and friends become -lhipblas ...",
            """
            What it does: -lcudart/-lcuda -> -lamdhip64 (so a g++ link line still gets the runtime), -lcublas ->
            -lhipblas, -lcurand -> -lhiprand, -lcufft -> -lhipfft, -lcusparse -> -lhipsparse, -lcusolver ->
            -lhipsolver, -lnvrtc -> -lhiprtc; -lcudadevrt is reported. SYCL: runtime flags dropped, libraries
            reported.
            Why: ROCm's hip* libraries are the CUDA-shaped wrappers the translated sources call.
            Example: LDLIBS = -lcublas -lcudart
            Translated to: LDLIBS = -lhipblas -lamdhip64
            Safety: safe.
            References: ROCm library docs.
            """,
        ),
        _code(
            BUILD_CUDA_PATH,
            "build-cuda-path",
            "CUDA install paths become ROCm's",
            """
            What it does: -I/-L/-isystem/-Wl,-rpath words under a CUDA install (/usr/local/cuda...,
            $(CUDA_PATH), $(CUDA_HOME)...) become /opt/rocm/include or /opt/rocm/lib; a variable whose value is a
            CUDA root (CUDA_PATH ?= /usr/local/cuda) gets /opt/rocm. SYCL: dropped.
            Why: hipcc finds its own headers, but host compilers and libraries need ROCm's paths.
            Example: -I$(CUDA_PATH)/include -L/usr/local/cuda/lib64
            Translated to: -I/opt/rocm/include -L/opt/rocm/lib
            Safety: safe.
            References: ROCm install layout.
            """,
        ),
        _code(
            MAKE_SOURCE_RENAME,
            "make-source-rename",
            "SYCL: .cu file names become .cpp in Makefiles",
            """
            What it does: SYCL target only: words naming .cu files or patterns (main.cu, %.cu, *.cu, .cu in
            $(patsubst ...)) get .cpp, as the tree translation renames the files. HIP keeps .cu.
            Why: a SYCL compiler compiles C++ files.
            Example: %.o: %.cu
            Translated to: %.o: %.cpp
            Safety: safe.
            References: -
            """,
        ),
        _code(
            MAKE_UNCONVERTED,
            "make-unconverted",
            "CUDA left in a Makefile",
            """
            What it does: reports words left that still name CUDA tools or targets: nvcc, sm_XX, -lcu*,
            CUDA install paths.
            Why: never silently wrong.
            Example: $(shell $(CUDA_PATH)/bin/cuobjdump app)
            Translated to: unchanged, reported.
            Safety: review.
            References: -
            """,
        ),
    ]
}
