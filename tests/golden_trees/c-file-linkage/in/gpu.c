int gpu_index = 0;

#include <stdlib.h>
#include <cuda_runtime.h>
#include "api.h"

static int calls = 0;  /* internal: stays as it is */

void set_device(int n)
{
    gpu_index = n;
    cudaSetDevice(n);
    calls++;
}

float *make_array(float *x, int n)
{
    float *x_gpu;
    cudaMalloc((void **)&x_gpu, sizeof(float) * n);
    if (x) cudaMemcpy(x_gpu, x, sizeof(float) * n, cudaMemcpyHostToDevice);
    return x_gpu;
}
