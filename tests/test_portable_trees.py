"""Portable CUDA trees (CUDA code that also builds as HIP): HIP's launch macro defined for the CUDA build and
GCC's `__inline__` spelling, across a header and the units including it, translated to SYCL and
type-checked with the real SYCL headers."""

from __future__ import annotations

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
