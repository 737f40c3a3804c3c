// A CUDA build of a portable tree defines HIP's launch macro as a launch (cholla's gpu.hpp); each use is one.
#include <cuda_runtime.h>
#define hipLaunchKernelGGL(F, G, B, M, S, ...) F<<<G, B, M, S>>>(__VA_ARGS__)

__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

template <typename T>
__global__ void fill(T *x, T v, int n) {
  __shared__ T tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = v;
  __syncthreads();
  if (i < n) x[i] = tile[threadIdx.x];
}

void run(float *d, int n, cudaStream_t s) {
  dim3 grid((n + 255) / 256), block(256);
  hipLaunchKernelGGL(scale, grid, block, 0, 0, d, 2.0f, n);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<float>), grid, block, 0, s, d, 1.0f, n);
  cudaDeviceSynchronize();
}
