"""A HIP-on-CUDA header layer of our own, so nvcc can compile HIP source.

gpuport proves a HIP translation by running it on an NVIDIA GPU and comparing with the CUDA original.
Debian's NVIDIA-side HIP headers do not build against CUDA 13, so this package ships its own thin layer
under include/: hip/hip_runtime.h and friends include the CUDA headers and map HIP names onto CUDA names.
The plain renames are generated from gpuport's mapping tables by scripts/gen_hip_on_cuda.py; the semantic
differences (mask-less warp functions, hipLaunchKernelGGL, hipDeviceProp_t, hipHostMalloc flags, ...) are
written by hand.

Use: nvcc -std=c++17 -arch=sm_90 *nvcc_args() -c kernel.hip
The library shims (hipblas, hiprand, hipfft, hipsparse) also need the CUDA library headers, see
gpuport.dataset.cudalibs.nvcc_include_args().
"""

from __future__ import annotations

from pathlib import Path

_INCLUDE = Path(__file__).resolve().parent / "include"


def include_dir() -> Path:
    """The folder that holds hip/hip_runtime.h and the library shims."""
    return _INCLUDE


def nvcc_args() -> list[str]:
    """nvcc flags that compile HIP source through this layer.

    `-x cu` makes nvcc treat .hip (and .cpp) files as CUDA source; it applies to the inputs that follow it,
    so put these flags before the source file.
    """
    return [f"-I{_INCLUDE}", "-D__HIP_PLATFORM_NVIDIA__", "-x", "cu"]
