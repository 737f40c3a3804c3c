#include <hip/hip_runtime.h>
#define WARP_SIZE 32
#define TILE 32
__global__ void k(float *out) {
  __shared__ float partial[32];
  __shared__ int counts[WARP_SIZE], other[64];
  static __shared__ double sums[32];
  __shared__ float tile[TILE][TILE + 1];  // a matrix tile: not reported
  float local[32];                         // not shared: not reported
  local[0] = 0;
  out[0] = partial[0] + counts[0] + other[0] + sums[0] + tile[0][0] + local[0];
}
