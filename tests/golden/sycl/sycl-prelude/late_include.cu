// A driver that includes a source file at its end (PolyBench's `#include <polybench.c>`): the SYCL
// prelude goes after the header block at the top, not after the last include of the file.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(float *a, float v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = v;
}

int main()
{
    float *d;
    cudaMalloc(&d, 256 * sizeof(float));
    fill<<<1, 256>>>(d, 1.0f, 256);
    cudaDeviceSynchronize();
    cudaFree(d);
    printf("done\n");
    return 0;
}

#include "late_helpers.h"
