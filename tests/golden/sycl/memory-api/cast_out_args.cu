// The out-argument cast to any pointer-to-pointer type, as CUDA's template cudaMalloc(T **, size_t) takes it.
#include <cuda_runtime.h>
int main() {
  float *a, *b, *c; int size = 64;
  cudaMalloc((void***)&a, size);
  cudaMalloc((float **)&b, size);
  cudaMalloc((void **)&c, size);
  cudaFree(a); cudaFree(b); cudaFree(c);
  return 0;
}
