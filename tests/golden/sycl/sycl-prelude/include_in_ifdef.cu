// The runtime header only under #ifdef (issue 21): GP002 maps it to <sycl/sycl.hpp> where it stands,
// which may be compiled out and lies below the queue prelude. The prelude includes the header itself,
// at top level, before its queue helper.
#ifdef USE_CUDA
#include <cuda_runtime.h>
#endif

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= 2.0f;
}

void run(float *d) {
  scale<<<1, 256>>>(d, 256);
  cudaDeviceSynchronize();
}
