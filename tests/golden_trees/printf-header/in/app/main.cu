#include <cuda_runtime.h>
#include "../lib/trace.cuh"

__global__ void scale(float *x, int n, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] *= a;
        if (i == 0)
            trace("scaled", i, x[i]);
    }
}

int main()
{
    const int n = 8;
    float *x;
    cudaMallocManaged(&x, n * sizeof(float));
    for (int i = 0; i < n; ++i)
        x[i] = i;
    scale<<<1, n>>>(x, n, 2.0f);
    dump<<<1, n>>>(x, n);
    cudaDeviceSynchronize();
    printf("RESULT x7 %.1f\n", x[7]);
    cudaFree(x);
    return 0;
}
