// Unified memory: cudaMallocManaged buffers touched by host and device.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void increment(float *v, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v[i] += 1.0f;
}

int main() {
  const int n = 1 << 20;
  float *v = nullptr;
  cudaMallocManaged(&v, n * sizeof(float), cudaMemAttachGlobal);
  for (int i = 0; i < n; ++i) v[i] = float(i);
  int device = 0;
  cudaGetDevice(&device);
  increment<<<256, 256>>>(v, n);
  cudaDeviceSynchronize();
  printf("v[10] = %f on device %d\n", v[10], device);
  cudaFree(v);
  return 0;
}
