#include "api.h"

__global__ void scale(float *x, int n, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

void scale_gpu(float *x, int n, float a)
{
    set_device(gpu_index);
    scale<<<(n + 255) / 256, 256>>>(x, n, a);
}
