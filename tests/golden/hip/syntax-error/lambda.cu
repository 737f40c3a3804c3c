#include <cuda_runtime.h>
void f(float *d, int n) {
  auto op = [] __device__ (float x) { return x * 2.0f; };
  cudaMemset(d, 0, n);
  int broken = (1 + ;
  cudaDeviceSynchronize();
}
