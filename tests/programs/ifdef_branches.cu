// Preprocessor branches: both arms of #if/#else hold CUDA, and device code differs from host code.
#include <cstdio>
#include <cuda_runtime.h>

#ifdef USE_DOUBLE
typedef double real;
#define REAL_ALLOC(p, n) cudaMalloc(&(p), (n) * sizeof(double))
#else
typedef float real;
#define REAL_ALLOC(p, n) cudaMalloc(&(p), (n) * sizeof(float))
#endif

__global__ void fill(real *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(__CUDA_ARCH__)
  if (i < n) p[i] = real(i);
#else
  if (i < n) p[i] = real(0);
#endif
}

int main() {
  real *p = nullptr;
  const int n = 512;
#if USE_PINNED
  real *host;
  cudaMallocHost(&host, n * sizeof(real));
#else
  real *host = new real[n];
#endif
  REAL_ALLOC(p, n);
  fill<<<2, 256>>>(p, n);
  cudaMemcpy(host, p, n * sizeof(real), cudaMemcpyDeviceToHost);
  printf("%f\n", double(host[n - 1]));
#if USE_PINNED
  cudaFreeHost(host);
#else
  delete[] host;
#endif
  cudaFree(p);
  return 0;
}
