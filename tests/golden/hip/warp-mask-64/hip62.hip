// gpuport: hip_version=6.2
#include <hip/hip_runtime.h>
#define FULL 0xffffffff
#define REDUCE(v, o) __shfl_down_sync(0xffffffffffffffffull, v, o)
__device__ float f(float v) {
  v += __shfl_down_sync(0xffffffffffffffffull, v, 1);
  v += __shfl_xor_sync(0xffffffffffffffffull, v, 2);
  v += __shfl_up_sync(0xffffffffffffffffull, v, 1);
  v += __shfl_sync(0xffffffffffffffffull, v, 0);
  v += __shfl_sync(FULL, v, 0);          // a macro: GP301's, not rewritten
  v += __shfl_sync(0x0000ffff, v, 0);    // a partial mask: left as it is
  v += REDUCE(v, 4);
  unsigned long long b = __ballot_sync(0xffffffffffffffffull, v > 0);
  __builtin_amdgcn_wave_barrier();
  return v + b;
}
