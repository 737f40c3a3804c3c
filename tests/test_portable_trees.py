"""Portable CUDA trees (CUDA code that also builds as HIP): HIP's launch macro defined for the CUDA build and
GCC's `__inline__` spelling, across a header and the units including it, translated to SYCL and
type-checked with the real SYCL headers."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from gpuport.dataset import toolchains

import gpuport

GPU_HPP = """#pragma once
#ifdef O_HIP
  #include <hip/hip_runtime.h>
#else
  #include <cuda_runtime.h>
  #define hipLaunchKernelGGL(F, G, B, M, S, ...) F<<<G, B, M, S>>>(__VA_ARGS__)
#endif
"""

REDUCE_H = """#pragma once
#include "gpu.hpp"
__inline__ __device__ float twice(float v) { return 2.0f * v; }
__device__ __inline__ float half_of(float v) { return 0.5f * v; }
"""

KERNELS_CU = """#include "gpu.hpp"
#include "reduce.h"

template <int N>
__global__ void blockSum(const float *in, float *out, int n) {
  __shared__ float part[N];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  part[threadIdx.x] = i < n ? twice(in[i]) : 0.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (int k = 0; k < N; ++k) s += part[k];
    out[blockIdx.x] = half_of(s);
  }
}

void sums(const float *in, float *out, int n, cudaStream_t stream) {
  int blocks = (n + 127) / 128;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(blockSum<128>), dim3(blocks), dim3(128), 0, stream, in, out, n);
  cudaStreamSynchronize(stream);
}
"""


@pytest.fixture
def translated(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "gpu.hpp").write_text(GPU_HPP)
    (src / "reduce.h").write_text(REDUCE_H)
    (src / "kernels.cu").write_text(KERNELS_CU)
    report = gpuport.translate_tree(src, tmp_path / "out", to="sycl")
    assert report.totals.total_unconverted == 0, [
        (f.path, d.line, d.message) for f in report.files for d in f.diagnostics if d.status == "unconverted"
    ]
    return tmp_path / "out"


def test_launch_macro_uses_become_parallel_for(translated: Path) -> None:
    kernels = (translated / "kernels.cpp").read_text()
    assert "hipLaunchKernelGGL" not in kernels and "<<<" not in kernels
    assert (
        "cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, blocks) * sycl::range<3>(1, 1, 128)"
        in kernels
    )
    assert "blockSum<128>(in, out, n, item, &part_acc[0]); });" in kernels
    gpu = (translated / "gpu.hpp").read_text()
    assert "<<<" not in gpu and "// gpuport: the CUDA definition of hipLaunchKernelGGL was here" in gpu
    assert "#include <hip/hip_runtime.h>" in gpu  # the HIP branch is the project's own, left as written


def test_gnu_inline_spelling_gets_no_second_inline(translated: Path) -> None:
    header = (translated / "reduce.h").read_text()
    assert "__inline__ float twice(float v)" in header
    assert "__inline__ float half_of(float v)" in header
    assert "inline __inline__" not in header and "__inline__ inline" not in header


def test_outputs_typecheck(translated: Path) -> None:
    argv = toolchains.sycl_typecheck_argv(translated / "kernels.cpp", [translated], ["-w"])
    if argv is None:
        pytest.skip("no SYCL headers (pip install intel-sycl-rt)")
    proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]


# CTranslate2's utils.h: a HIP switch whose name holds a digit, renaming CUDA's names by macros in its HIP
# branch; the CUDA branch's uses of those names are CUDA's and must be translated (HIP and SYCL alike).
CT2_UTILS = """#pragma once
#ifdef CT2_USE_HIP
#include <hip/hip_runtime.h>
#define cudaStream_t hipStream_t
#define cudaSuccess hipSuccess
#else
#include <cuda_runtime.h>
#endif
namespace ct2 {
cudaStream_t get_stream();
inline bool ok(cudaError_t e) { return e == cudaSuccess; }
}
"""


@pytest.mark.parametrize("target", ["hip", "sycl"])
def test_hip_switch_with_a_digit_leaves_cuda_branch_names_cudas(tmp_path: Path, target: str) -> None:
    res = gpuport.translate(CT2_UTILS, to=target, path="utils.h")
    assert res.fully_converted, [(d.line, d.message) for d in res.diagnostics if d.status == "unconverted"]
    body = res.code.split("namespace ct2 {", 1)[1]
    assert "cudaStream_t" not in body and "cudaSuccess" not in body
    if target == "hip":
        assert "hipStream_t get_stream();" in body
    # the HIP branch itself is the project's own, as written
    assert "#define cudaStream_t hipStream_t" in res.code


# TensorRT's cublasWrapper.h: its own copies of cuBLAS's enums, aliases and an opaque struct, in its own
# namespace (it loads cuBLAS at run time). They are the project's names: nothing to translate or report,
# and the HIP translation compiles without hipBLAS.
TRT_WRAPPER = """#include <cuda_runtime.h>
namespace nvinfer1 { namespace pluginInternal {
enum CublasMath { CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1 };
enum cublasComputeType { CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_32F = 68 };
using cublasMath_t = CublasMath;
using cublasComputeType_t = cublasComputeType;
struct cublasContext;
using cublasHandle_t = struct cublasContext *;
class CublasWrapper {
 public:
  int cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
  cublasContext *mHandle{nullptr};
};
inline int mode_of(cublasComputeType_t t) { return t == CUBLAS_COMPUTE_32F ? CUBLAS_TENSOR_OP_MATH : 0; }
} }
__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }
"""


@pytest.mark.hipcc
def test_namespace_copies_of_cuda_names_are_the_projects(tmp_path: Path) -> None:
    res = gpuport.translate(TRT_WRAPPER, to="hip", hip_version="5.2", path="cublasWrapper.cu")
    assert res.fully_converted, [(d.line, d.message) for d in res.diagnostics if d.status == "unconverted"]
    assert res.code.split("\n", 1)[1] == TRT_WRAPPER.split("\n", 1)[1]  # only the runtime include changes
    hipcc = toolchains.hipcc()
    if not hipcc.usable or hipcc.path is None:
        pytest.skip("hipcc not available")
    src = tmp_path / "w.hip"
    src.write_text(res.code)
    done = subprocess.run(
        [
            hipcc.path,
            "-std=c++17",
            "--offload-arch=gfx90a",
            "-x",
            "hip",
            "-c",
            str(src),
            "-o",
            str(tmp_path / "w.o"),
        ],
        env={**os.environ, "HIP_PLATFORM": "amd"},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.mark.parametrize(
    ("condition", "value"),
    [
        (b"!(defined(__VECTOR_TYPES_H__) || defined(__CUDACC__))", False),
        (b"defined(__CUDACC__) || defined(FOO)", True),
        (b"!defined __NVCC__", False),
        (b"defined(__CUDACC__) && !defined(FOO)", None),  # depends on FOO
        (b"__CUDACC__ && X > 3", None),  # an operator the reader does not evaluate
        (b"(0 || __CUDACC__) && 1", True),
    ],
)
def test_nvcc_condition_values(condition: bytes, value: bool | None) -> None:
    from gpuport.transpile.parse import nvcc_condition

    assert nvcc_condition(condition) is value
