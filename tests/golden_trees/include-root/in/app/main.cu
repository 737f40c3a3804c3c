#include <util.cuh>

__global__ void squares(float *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = square(a[i]);
}

int main()
{
    float *d;
    CHECK(cudaMalloc(&d, 64 * sizeof(float)));
    squares<<<1, 64>>>(d, 64);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaFree(d));
    return 0;
}
