#include "common.h"
#include "util.cuh"

__global__ void doubled(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = twice(x[i]);
}

void *device_alloc(size_t bytes);

int main()
{
    float *d = (float *)device_alloc(256 * sizeof(float));
    doubled<<<1, 256>>>(d, 256);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaFree(d));
    return 0;
}
