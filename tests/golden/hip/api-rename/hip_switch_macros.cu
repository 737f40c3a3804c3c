// A dual-source header (cholla's gpu.hpp): the project's HIP build defines O_HIP and renames CUDA's names
// to HIP's through macros. The translation renames the uses, so it compiles with or without O_HIP; the
// HIP branch stays as written (its macros then rename nothing).
#ifdef O_HIP
  #include <hip/hip_runtime.h>
  #define cudaError_t        hipError_t
  #define cudaSuccess        hipSuccess
  #define cudaMalloc         hipMalloc
  #define cudaGetErrorString hipGetErrorString
#else
  #include <cuda_runtime.h>
#endif
#include <cstdio>

inline void check(cudaError_t code)
{
    if (code != cudaSuccess)
        std::printf("GPU error: %s\n", cudaGetErrorString(code));
}

float *alloc(int n)
{
    float *p = nullptr;
    check(cudaMalloc(&p, n * sizeof(float)));
    return p;
}
