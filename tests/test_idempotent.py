"""Translating output again changes nothing (issue 21: SYCL->SYCL gave `sycl::sycl::half`, a second
`#include <sycl/sycl.hpp>` and a second queue prelude).

Every golden case's expected output (tests/golden/<target>/<rule>/<case>.hip / .sycl.cpp) is translated
again to the same target with the case's options and must come back byte for byte; so must the SYCL and
HIP translations of the benchmark suite's programs (bench/suite).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_golden import CASES, EXPECTED_SUFFIX, GOLDEN, case_options

import gpuport
from gpuport.api import make_options

SUITE = sorted((Path(__file__).parent.parent / "bench" / "suite").rglob("*.cu"))


def _options(case: Path, target: str):  # type: ignore[no-untyped-def]
    opts = case_options(case.read_text(encoding="utf-8"))
    options = make_options(
        target, opts.get("hip_version", "6.2"), opts.get("launch", "keep"), dnn=opts.get("dnn", "hipdnn")
    )
    if "include_renames" in opts:
        pairs = tuple(tuple(p.split(":", 1)) for p in opts["include_renames"].split(","))
        options = replace(options, include_renames=pairs)  # type: ignore[arg-type]
    if "runtime_from" in opts:
        options = replace(options, runtime_from=tuple(opts["runtime_from"].split(",")))
    return options


@pytest.mark.parametrize("case", CASES, ids=[c.relative_to(GOLDEN).as_posix() for c in CASES])
def test_golden_output_translates_to_itself(case: Path) -> None:
    target = case.relative_to(GOLDEN).parts[0]
    expected = case.with_suffix(EXPECTED_SUFFIX[target])
    if not expected.exists():
        pytest.skip(f"no expected output {expected.name}")
    text = expected.read_text(encoding="utf-8")
    again = gpuport.translate(text, options=_options(case, target), path=expected.name)
    assert again.code == text


@pytest.mark.parametrize("target", ["sycl", "hip"])
def test_suite_translations_translate_to_themselves(target: str) -> None:
    changed = []
    for program in SUITE:
        once = gpuport.translate(program.read_bytes(), to=target, path=program.name).code
        if gpuport.translate(once, to=target, path=program.name).code != once:
            changed.append(program.relative_to(program.parents[2]).as_posix())
    assert not changed, f"{len(changed)} of {len(SUITE)} programs change when translated again: {changed}"


def test_sycl_output_with_code_before_its_includes_translates_to_itself() -> None:
    """The CUDA samples declare a name before their includes: translated again, the prelude took that
    declaration for the first use of SYCL, found the header after it and included it a second time."""
    source = (
        'const char *sample = "copy";\n'
        "#include <stdio.h>\n#include <cuda_runtime.h>\n#include <helper_cuda.h>\n"
        "__global__ void k(float *p) { p[threadIdx.x] = 1.0f; }\n"
        "void run(float *p) { k<<<1, 32>>>(p); cudaDeviceSynchronize(); }\n"
        "float host_abs(float x) { return fabs(x); }\n"
    )
    once = gpuport.translate(source, to="sycl").code
    assert gpuport.translate(once, to="sycl").code == once


def _translates_to_itself(source: str) -> tuple[str, str]:
    once = gpuport.translate(source, to="sycl")
    assert once.stats.total_unconverted == 0, [d.format() for d in once.diagnostics]
    return once.code, gpuport.translate(once.code, to="sycl").code


def test_kernels_and_globals_defined_in_both_preprocessor_branches() -> None:
    """SHOC's bfs_kernel.cu defines its kernels and device globals under `#if __CUDA_ARCH__ >= 120` and
    again, as stubs, under `#else`: the model kept one kernel and one global per name, so the other
    definitions stayed CUDA (`__global__`, `__device__ int`) with nothing reported, and a second
    translation rewrote them. Every definition is rewritten alike (parameter names may differ)."""
    source = (
        "#if __CUDA_ARCH__ >= 120\n"
        "volatile __device__ int g_mutex = 0;\n"
        "__global__ void k(int *p, const unsigned int max_local_mem) { p[threadIdx.x] = g_mutex; }\n"
        "#else\n"
        "volatile __device__ int g_mutex = 0;\n"
        "__global__ void k(int *p,\n    const unsigned int max_mem) { ; }\n"
        "#endif\n"
        "void run(int *p) { k<<<1, 32>>>(p, 0u); }\n"
    )
    once, twice = _translates_to_itself(source)
    assert "__global__" not in once and "__device__" not in once
    assert twice == once


def test_texture_helpers_are_not_added_again() -> None:
    """The CUDA samples' 3-D textures: `tex3D` stays (reported), and translated again it still counted
    as a texture use, so the texture definitions were inserted a second time (14 real-world files)."""
    source = (
        "cudaTextureObject_t tex;\n"
        "__global__ void k(float *out, cudaTextureObject_t t) {\n"
        "  out[0] = tex3D<float>(t, 0.5f, 0.5f, 0.5f) + tex1Dfetch<float>(t, 0);\n"
        "}\n"
        "void run(float *out) { k<<<1, 1>>>(out, tex); cudaDestroyTextureObject(tex); }\n"
    )
    once = gpuport.translate(source, to="sycl")
    assert once.stats.total_unconverted > 0  # tex3D
    assert once.code.count("#define GPUPORT_TEXTURE\n") == 1
    assert gpuport.translate(once.code, to="sycl").code == once.code


def test_launch_left_the_first_time_stays() -> None:
    """apex's transducer loss: a templated kernel's shared memory depends on template arguments the
    launch leaves to deduction, from an argument whose type the file does not show (a call of another
    file's function), so the launch is reported and left. Translated again, the kernel (now a plain
    function taking the nd_item) was taken for one defined elsewhere and the launch rewritten without its
    local memory. It is left, and reported, again. (From a variable of known type, GP203 deduces the
    argument: `test_launch_deduced_from_a_typed_argument_is_stable`.)"""
    source = (
        "template <typename T>\n"
        "__global__ void k(T *p, int n) {\n"
        "  __shared__ T s[32];\n"
        "  s[threadIdx.x] = p[threadIdx.x];\n"
        "  __syncthreads();\n"
        "  p[threadIdx.x] = s[31 - threadIdx.x];\n"
        "}\n"
        "struct Holder;\n"
        "float *data_of(Holder &h);\n"
        "void run(Holder &h) { k<<<1, 32>>>(data_of(h), 32); }\n"
    )
    once = gpuport.translate(source, to="sycl")
    assert [d.code for d in once.diagnostics if d.status == "unconverted"] == ["GP203"]
    twice = gpuport.translate(once.code, to="sycl")
    assert twice.code == once.code
    assert [d.code for d in twice.diagnostics if d.status == "unconverted"] == ["GP203"]


def test_launch_deduced_from_a_typed_argument_is_stable() -> None:
    """The same kernel launched with a `float *` variable: T is deduced (GP203), the launch passes a
    `float` local accessor, and a second translation changes nothing."""
    source = (
        "template <typename T>\n"
        "__global__ void k(T *p, int n) {\n"
        "  __shared__ T s[32];\n"
        "  s[threadIdx.x] = p[threadIdx.x];\n"
        "  __syncthreads();\n"
        "  p[threadIdx.x] = s[31 - threadIdx.x];\n"
        "}\n"
        "void run(float *p) { k<<<1, 32>>>(p, 32); }\n"
    )
    once = gpuport.translate(source, to="sycl")
    assert not [d for d in once.diagnostics if d.status == "unconverted"]
    assert "sycl::local_accessor<float, 1> s_acc(sycl::range<1>(32), cgh);" in once.code
    assert gpuport.translate(once.code, to="sycl").code == once.code


def test_overloaded_kernels_are_all_rewritten() -> None:
    """PRK's dgemm-cublas.cu overloads `init` (two parameter lists): the model kept the first kernel of a
    name and left the other `__global__` with nothing reported; translated again, it was rewritten then.
    An overload that needs other launch arguments than the first (its launches go by name) is reported."""
    source = (
        "__global__ void init(unsigned order, double *C) { C[threadIdx.x] = order; }\n"
        "__global__ void init(int order, const int matrices, double *C) { C[blockIdx.x] = matrices; }\n"
        "void run(double *C) { init<<<1, 32>>>(4u, C); init<<<2, 32>>>(4, 2, C); }\n"
    )
    once, twice = _translates_to_itself(source)
    assert "__global__" not in once and once.count("const sycl::nd_item<3> &item)") == 2
    assert twice == once
    shared = source.replace(
        "{ C[blockIdx.x] = matrices; }", "{ __shared__ double s[4]; s[0] = 1; C[0] = s[0]; }"
    )
    report = gpuport.translate(shared, to="sycl")
    assert any("defined again" in d.message for d in report.diagnostics if d.status == "unconverted")


def test_cub_alias_inside_an_ifdef_block() -> None:
    """The multi-GPU Jacobi samples declare their BlockReduce alias in one `#ifdef HAVE_CUB` block and
    reduce in another: the alias's uses were counted inside its own block only, so it was kept and
    reported while its uses were rewritten, and a second translation removed it."""
    source = (
        "#include <cub/block/block_reduce.cuh>\n"
        "__global__ void k(float *out, const float *in) {\n"
        "#ifdef HAVE_CUB\n"
        "  typedef cub::BlockReduce<float, 128> BlockReduce;\n"
        "  __shared__ typename BlockReduce::TempStorage temp_storage;\n"
        "#endif\n"
        "  float v = in[threadIdx.x];\n"
        "#ifdef HAVE_CUB\n"
        "  float sum = BlockReduce(temp_storage).Sum(v);\n"
        "  if (threadIdx.x == 0) out[blockIdx.x] = sum;\n"
        "#endif\n"
        "}\n"
        "void run(float *out, const float *in) { k<<<4, 128>>>(out, in); }\n"
    )
    once, twice = _translates_to_itself(source)
    assert "cub::" not in once
    assert twice == once


def test_half_in_a_macro_body_is_qualified_once() -> None:
    """cuda-hgemm's `#define HGEMM_FUNC(name) void name(half *A, ...)`: macro bodies are translated token
    by token, and translated again `sycl::half` became `sycl::sycl::half` (the issue's `sycl::sycl::`)."""
    source = "#include <cuda_fp16.h>\n#define HGEMM_FUNC(name) void name(half *A, size_t M)\nHGEMM_FUNC(f);\n"
    once, twice = _translates_to_itself(source)
    assert "void name(sycl::half *A" in once
    assert twice == once
