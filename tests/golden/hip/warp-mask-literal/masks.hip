#include <hip/hip_runtime.h>
#define FULL_MASK 0xffffffff
#define ALL_LANES 0xFFFFFFFF
#define BIG 0xffffffff
__device__ float f(float v) {
  const unsigned mask = 0xffffffff;
  unsigned m2;
  m2 = 0xffffffffu;
  unsigned limit = 0xffffffff;  // never passed as a mask: not reported
  v += __shfl_down_sync(mask, v, 1);
  v += __shfl_down_sync(m2, v, 1);
  v += __shfl_down_sync(FULL_MASK, v, 1);
  v += __shfl_down_sync(0xffffffffffffffffull, v, 1);  // direct: GP302 widens it on HIP 6.2
  return v + limit + ALL_LANES + BIG;
}
