#include <cuda_runtime.h>
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
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, values, n * sizeof(int), cudaMemcpyHostToDevice);
    twice<<<1, 32>>>(d, n);
    cudaMemcpy(values, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d);
}
