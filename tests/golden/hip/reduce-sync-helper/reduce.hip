#include <hip/hip_runtime.h>
// gpuport: HIP has no __reduce_add_sync; combine the value of every lane in `mask`, lowest lane first.
template <typename T>
__device__ inline T gpuport_reduce_add_sync(unsigned long long mask, T value) {
  T result = __shfl(value, __ffsll(mask) - 1);
  for (unsigned long long rest = mask & (mask - 1); rest != 0; rest &= rest - 1) {
    const T x = __shfl(value, __ffsll(rest) - 1);
    result = result + x;
  }
  return result;
}

// gpuport: HIP has no __reduce_min_sync; combine the value of every lane in `mask`, lowest lane first.
template <typename T>
__device__ inline T gpuport_reduce_min_sync(unsigned long long mask, T value) {
  T result = __shfl(value, __ffsll(mask) - 1);
  for (unsigned long long rest = mask & (mask - 1); rest != 0; rest &= rest - 1) {
    const T x = __shfl(value, __ffsll(rest) - 1);
    result = x < result ? x : result;
  }
  return result;
}

// gpuport: HIP has no __reduce_xor_sync; combine the value of every lane in `mask`, lowest lane first.
template <typename T>
__device__ inline T gpuport_reduce_xor_sync(unsigned long long mask, T value) {
  T result = __shfl(value, __ffsll(mask) - 1);
  for (unsigned long long rest = mask & (mask - 1); rest != 0; rest &= rest - 1) {
    const T x = __shfl(value, __ffsll(rest) - 1);
    result = result ^ x;
  }
  return result;
}

#define WARP_SUM(v) gpuport_reduce_add_sync(0xffffffffu, v)

__global__ void k(const unsigned* in, unsigned* out, int* lo) {
  unsigned v = in[threadIdx.x];
  unsigned half = __activemask() & 0xffffu;
  out[0] = gpuport_reduce_add_sync(0xffffffffu, v);
  out[1] = gpuport_reduce_xor_sync(half, v);
  out[2] = WARP_SUM(v + 1);
  lo[0] = gpuport_reduce_min_sync(0xffffffffu, (int)v - 7);
}
