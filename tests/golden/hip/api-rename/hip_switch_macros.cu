// A dual-source header (cholla's gpu.hpp): the project's HIP build defines O_HIP and renames CUDA's names
// to HIP's through macros. The translation renames the uses, so it compiles with or without O_HIP; the
// HIP branch stays as written (its macros then rename nothing). A function the HIP branch defines stands
// in for one HIP lacks: it stays the project's.
#ifdef O_HIP
  #include <hip/hip_runtime.h>
  #define cudaError_t        hipError_t
  #define cudaSuccess        hipSuccess
  #define cudaMalloc         hipMalloc
  #define cudaGetErrorString hipGetErrorString
__device__ inline float __saturatef(float x) { return x < 0.f ? 0.f : x > 1.f ? 1.f : x; }
#else
  #include <cuda_runtime.h>
#endif
#include <cstdio>

inline void check(cudaError_t code)
{
    if (code != cudaSuccess)
        std::printf("GPU error: %s\n", cudaGetErrorString(code));
}

__global__ void clamp(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = __saturatef(x[i]);
}

float *alloc(int n)
{
    float *p = nullptr;
    check(cudaMalloc(&p, n * sizeof(float)));
    return p;
}
