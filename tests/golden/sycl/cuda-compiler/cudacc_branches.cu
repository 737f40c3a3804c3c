// Library macros chosen under nvcc's identification macros (moderngpu's meta.hxx): the CUDA branch is
// the one nvcc compiled, so it is the one the SYCL translation keeps.
#include <cstdio>

#ifdef __CUDACC__
  #define MY_DEVICE __device__
  #define MY_HOST_DEVICE __forceinline__ __device__ __host__
#else
  #define MY_HOST_DEVICE
#endif

#ifndef __CUDACC__
#error "this file needs nvcc"
#endif

#if defined(__CUDACC__) && !defined(__CUDA_ARCH__)
static const char *where = "host pass";
#elif defined __NVCC__ || __CUDACC__
static const char *where = "other";
#endif

MY_HOST_DEVICE float twice(float x) { return 2.0f * x; }
MY_DEVICE float thrice(float x) { return 3.0f * x; }

__global__ void k(float *x) { x[threadIdx.x] = twice(x[threadIdx.x]) + thrice(1.0f); }

int main() {
    float *x;
    cudaMalloc(&x, 32 * sizeof(float));
    k<<<1, 32>>>(x);
    printf("%s %f\n", where, twice(1.0f));
    return 0;
}
