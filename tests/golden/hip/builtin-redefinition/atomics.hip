#include <hip/hip_runtime.h>

// CUDA lacks these on old architectures (or always): projects write their own.
#if !defined(__HIP_DEVICE_COMPILE__) || defined(__HIP_DEVICE_COMPILE__)
#else
#if !defined(__HIP_PLATFORM_AMD__)
__device__ double atomicAdd(double *address, double val)
{
    unsigned long long *p = (unsigned long long *)address;
    unsigned long long old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}
#endif
#endif

#if !defined(__HIP_PLATFORM_AMD__)
__device__ __forceinline__ float atomicMax(float *address, float val)
{
    int *p = (int *)address;
    int old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, __float_as_int(fmaxf(val, __int_as_float(assumed))));
    } while (assumed != old);
    return __int_as_float(old);
}
#endif

// An overload HIP does not declare stays as it is.
__device__ float2 atomicAdd(float2 *address, float2 val)
{
    float2 old;
    old.x = atomicAdd(&address->x, val.x);
    old.y = atomicAdd(&address->y, val.y);
    return old;
}

__global__ void peak(const float *x, float *best, double *sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicMax(best, x[i]);
        atomicAdd(sum, (double)x[i]);
    }
}
