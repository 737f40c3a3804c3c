// gpuport: hip_version=5.2
#include <hip/hip_runtime.h>
#define SHFL(v, o) __shfl_down(v, o)
__device__ float f(float v, unsigned mask) {
  v += __shfl_down(v, 1);
  v += __shfl_xor(v, 2, 16);
  v += __shfl_up(v, 1);
  v += __shfl(v, 0);
  v += SHFL(v, 4);
  unsigned long long b = __ballot(v > 0);
  int any = __any(v > 0) + __all(v > 0);
  unsigned long long act = __ballot(1);
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_wave_barrier();
  return v + b + any + act;
}
