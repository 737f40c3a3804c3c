#include <hip/hip_runtime.h>
__global__ void scale_kernel(float *d) {
  int i = blockDim.x * (gridDim.x * blockIdx.y + blockIdx.x) + threadIdx.x;
  if (i < d_common.n) d[i] *= d_common.scale;
}

__global__ void fill_kernel(float *d, float v) { d[blockIdx.x * blockDim.x + threadIdx.x] = v; }
