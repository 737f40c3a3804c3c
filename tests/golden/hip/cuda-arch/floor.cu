// A comparison with a compute capability every AMD GPU HIP targets meets (at most Pascal's 6.0: double
// atomicAdd, __ldg, warp shuffles, half arithmetic) asks "is this the device pass?": `>= N` becomes
// `defined(__HIP_DEVICE_COMPILE__)`, `< N` its negation. The polyfill of the CUDA Programming Guide is then
// never compiled, as on any CUDA GPU from 6.0 on; later capabilities stay reported (number_and_test.cu).
#include <cuda_runtime.h>
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
#else
__device__ double atomicAdd(double *address, double val)
{
    unsigned long long int *address_as_ull = (unsigned long long int *)address;
    unsigned long long int old = *address_as_ull, assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}
#endif

__device__ float load(const float *p)
{
#if __CUDA_ARCH__ >= 350
    return __ldg(p);
#elif __CUDA_ARCH__ < 300
    return p[0];
#else
    return *p;
#endif
}

__global__ void accumulate(double *sum, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(sum, (double)load(x + i));
}
