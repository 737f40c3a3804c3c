// helper_math.h's shape: <math.h> only for host compilers (`#ifndef __CUDACC__`, a branch the SYCL
// translation drops), then float2 overloads of C math names. Without <cmath> the scalar `fabs` would be
// hidden by them: the prelude adds it, as nvcc's implicit include provided it.
#include "cuda_runtime.h"

#ifndef __CUDACC__
#include <math.h>
inline float fminf(float a, float b) { return a < b ? a : b; }
#endif

inline __host__ __device__ float2 fabs(float2 v)
{
    return make_float2(fabs(v.x), fabs(v.y));
}

__global__ void absolute(float2 *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = fabs(v[i]);
}
