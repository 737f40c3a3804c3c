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
  #include <hip/hip_runtime.h>
#endif
#include <cstdio>

inline void check(hipError_t code)
{
    if (code != hipSuccess)
        std::printf("GPU error: %s\n", hipGetErrorString(code));
}

float *alloc(int n)
{
    float *p = nullptr;
    check(hipMalloc(&p, n * sizeof(float)));
    return p;
}
