// gpuport: hip_version=6.2
#include <hip/hip_runtime.h>
__device__ float f(float v, unsigned long long mask) {
  v += __shfl_down_sync(mask, v, 1);
  unsigned long long b = __ballot_sync(mask, v > 0);
  unsigned long long act = __activemask();
  __builtin_amdgcn_wave_barrier();
  return v + b + act;
}
