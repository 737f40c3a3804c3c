#include <hip/hip_runtime.h>
#include <cstdio>

__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}

__device__ float fast(float x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __expf(x);
#elif !__CUDA_ARCH__
  return x;
#else
  return expf(x);
#endif
}

__global__ void show() { printf("arch %d\n", __CUDA_ARCH__); }
