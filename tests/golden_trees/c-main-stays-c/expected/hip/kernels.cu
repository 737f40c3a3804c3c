#include <hip/hip_runtime.h>
#include "wrapper.h"

__global__ void twice(int *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= 2;
}

extern "C" void run_wrapper(int *values, int n)
{
    int *d;
    hipMalloc(&d, n * sizeof(int));
    hipMemcpy(d, values, n * sizeof(int), hipMemcpyHostToDevice);
    twice<<<1, 32>>>(d, n);
    hipMemcpy(values, d, n * sizeof(int), hipMemcpyDeviceToHost);
    hipFree(d);
}
