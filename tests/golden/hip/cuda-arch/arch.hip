#include <hip/hip_runtime.h>
#include <cstdio>

__host__ __device__ int where() {
#ifdef __HIP_DEVICE_COMPILE__
  return 1;
#else
  return 0;
#endif
}

__device__ float fast(float x) {
#if defined(__HIP_DEVICE_COMPILE__) && __CUDA_ARCH__ >= 800
  return __expf(x);
#elif !__HIP_DEVICE_COMPILE__
  return x;
#else
  return expf(x);
#endif
}

__global__ void show() { printf("arch %d\n", __CUDA_ARCH__); }
