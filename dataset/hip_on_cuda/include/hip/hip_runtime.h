// gpuport HIP-on-CUDA layer: hip_runtime.h = the host API plus device-side HIP (kernels, launches, warp
// functions, math). The renames come from the generated gpuport_hip_map_*.h files; the semantic
// differences are written here by hand.
#pragma once
// ROCm's include guards, which CUDA helper headers translated to HIP test (`#ifdef
// HIP_INCLUDE_HIP_HIP_RUNTIME_H` from `#ifdef __CUDA_RUNTIME_H__`): this layer stands for those headers.
#define HIP_INCLUDE_HIP_HIP_RUNTIME_H
#define HIP_INCLUDE_HIP_DRIVER_TYPES_H

#include "hip/hip_runtime_api.h"

#include <cuda_runtime.h>
#include <device_launch_parameters.h>
// Included before the warp macros below are defined, which must not rewrite what these headers declare:
// cuda_fp16.h and cuda_bf16.h declare their own deprecated mask-less __shfl overloads, and libcu++'s
// type traits (pulled in by CUB, cooperative groups, <cuda/...>) declare a struct named __any.
// (libcu++'s __any lives in an internal header; fall back to the public one that includes it, which is
// slower to read, if a later CCCL moves it.)
// A host compiler (g++ on a .cpp file) sees neither libcu++ nor the device-side part of this header.
#if defined(__CUDACC__)
#if __has_include(<cuda/std/__functional/invoke.h>)
#include <cuda/std/__functional/invoke.h>
#else
#include <cuda/std/type_traits>
#endif
#endif
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "gpuport_hip_map_device.h"
#include "gpuport_hip_map_math.h"
#include "hip/hip_vector_types.h"

// ---------------------------------------------------------------------------------------------------------
// Kernel launch. hipLaunchKernelGGL(kernel, grid, block, dynamic_shared_bytes, stream, args...) is a
// triple-chevron launch. A template kernel whose argument list holds commas is passed as
// HIP_KERNEL_NAME(k<float, 4>): the parentheses keep the macro arguments apart and HIP_KERNEL_NAME
// unwraps them again.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel_name, num_blocks, num_threads, mem_per_block, stream_id, ...) \
  do {                                                                                          \
    kernel_name<<<(num_blocks), (num_threads), (mem_per_block), (stream_id)>>>(__VA_ARGS__);    \
  } while (0)

// Device symbols passed to the symbol APIs: HIP's AMD headers define HIP_SYMBOL(X) as X, and CUDA's
// cudaMemcpyToSymbol & co. have template overloads that take the symbol by reference, so X it is here too.
#define HIP_SYMBOL(X) X

// Old HIP spellings of the built-in index variables and of dynamic shared memory.
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockIdx_y (blockIdx.y)
#define hipBlockIdx_z (blockIdx.z)
#define hipBlockDim_x (blockDim.x)
#define hipBlockDim_y (blockDim.y)
#define hipBlockDim_z (blockDim.z)
#define hipGridDim_x (gridDim.x)
#define hipGridDim_y (gridDim.y)
#define hipGridDim_z (gridDim.z)
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
#define HIP_DYNAMIC_SHARED_ATTRIBUTE

// ---------------------------------------------------------------------------------------------------------
// Warp functions without a lane mask (HIP before 6.2; gpuport emits them for ROCm 5.2 targets).
//
// On AMD they act on the whole wavefront. Here each becomes CUDA's *_sync form with the full 32-lane mask,
// which is what the CUDA original (usually __shfl_*_sync(0xffffffff, ...)) did. As on CUDA, all 32 lanes
// must reach the call; code that calls them in divergent branches was already undefined in the original.
//
// Width: HIP's default width is warpSize, which is 32 here, and a given width has CUDA's meaning (lanes are
// split into groups of `width`, sources wrap inside the group). HIP's __ballot returns a 64-bit mask
// (wavefronts can be 64 wide); on NVIDIA the 32-bit ballot is widened, so bits 32..63 are always 0 and
// __popcll / __ffsll on the result give the same answers as on a 32-wide wavefront.
//
// CUDA 13 still declares deprecated __shfl/__ballot/__any/__all (errors or wrong code on sm_70+, and
// __ballot with a 32-bit result), so these are function-like macros onto our own functions rather than
// overloads, defined after the CUDA headers that declare or use those names. __activemask() is left as
// CUDA's: HIP returns it as 64 bits, CUDA as 32; assigned to an unsigned long long the value is the same,
// and a macro would change the type of `auto` masks inside libcu++'s own headers.
#if defined(__CUDACC__)
namespace gpuport_hip_detail {
constexpr unsigned int kFullMask = 0xffffffffu;

template <typename T>
__device__ __forceinline__ T shfl(T var, int src_lane, int width = warpSize) {
  return __shfl_sync(kFullMask, var, src_lane, width);
}
template <typename T>
__device__ __forceinline__ T shfl_up(T var, unsigned int delta, int width = warpSize) {
  return __shfl_up_sync(kFullMask, var, delta, width);
}
template <typename T>
__device__ __forceinline__ T shfl_down(T var, unsigned int delta, int width = warpSize) {
  return __shfl_down_sync(kFullMask, var, delta, width);
}
template <typename T>
__device__ __forceinline__ T shfl_xor(T var, int lane_mask, int width = warpSize) {
  return __shfl_xor_sync(kFullMask, var, lane_mask, width);
}
__device__ __forceinline__ unsigned long long ballot(int predicate) {
  return static_cast<unsigned long long>(__ballot_sync(kFullMask, predicate));
}
__device__ __forceinline__ int any(int predicate) { return __any_sync(kFullMask, predicate); }
__device__ __forceinline__ int all(int predicate) { return __all_sync(kFullMask, predicate); }
}  // namespace gpuport_hip_detail

#define __shfl(...) ::gpuport_hip_detail::shfl(__VA_ARGS__)
#define __shfl_up(...) ::gpuport_hip_detail::shfl_up(__VA_ARGS__)
#define __shfl_down(...) ::gpuport_hip_detail::shfl_down(__VA_ARGS__)
#define __shfl_xor(...) ::gpuport_hip_detail::shfl_xor(__VA_ARGS__)
#define __ballot(predicate) ::gpuport_hip_detail::ballot(predicate)
#define __any(predicate) ::gpuport_hip_detail::any(predicate)
#define __all(predicate) ::gpuport_hip_detail::all(predicate)

// gpuport-hand: __builtin_amdgcn_wave_barrier
// gpuport's HIP translation (rule GP102) turns CUDA's __syncwarp() into AMD's wave barrier, because no
// HIP release has __syncwarp. On NVIDIA, where threads of a warp may diverge, the faithful equivalent of
// that barrier is __syncwarp() over the full warp.
#define __builtin_amdgcn_wave_barrier() __syncwarp()

// gpuport-hand: __lane_id
// HIP's lane index within the wavefront (PTX %laneid).
__device__ __forceinline__ unsigned int __lane_id() {
  unsigned int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

// gpuport-hand: __lanemask_lt __lanemask_gt __lanemask_eq __smid
// HIP's lane masks (PTX %lanemask_lt/gt/eq), 64-bit as on AMD; bits 32..63 are 0 on a 32-lane warp.
// gpuport's HIP translation (rule GP108) emits them for inline PTX reads of those registers.
__device__ __forceinline__ unsigned long long __lanemask_lt() {
  unsigned int mask;
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
  return mask;
}
__device__ __forceinline__ unsigned long long __lanemask_gt() {
  unsigned int mask;
  asm volatile("mov.u32 %0, %%lanemask_gt;" : "=r"(mask));
  return mask;
}
__device__ __forceinline__ unsigned long long __lanemask_eq() {
  unsigned int mask;
  asm volatile("mov.u32 %0, %%lanemask_eq;" : "=r"(mask));
  return mask;
}
// HIP's compute-unit id of the wave (PTX %smid: the SM).
__device__ __forceinline__ unsigned int __smid() {
  unsigned int id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}
#endif  // __CUDACC__
