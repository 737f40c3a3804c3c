#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#define CUDA_CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(e)); exit(1); } } while (0)
int main() {
    const int n = 1024;
    float *d_x, *h_x, *m;
    int *d_i;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    cudaMalloc((void **)&d_i, n * sizeof(int));
    CUDA_CHECK(cudaMallocHost(&h_x, n * sizeof(float)));
    CUDA_CHECK(cudaMallocManaged(&m, n * sizeof(float)));
    CUDA_CHECK(cudaMemset(d_x, 0, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(h_x, d_x, n * sizeof(float), cudaMemcpyDeviceToHost));
    cudaMemcpyAsync(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice, 0);
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaFree(d_x));
    cudaFree(d_i);
    CUDA_CHECK(cudaFreeHost(h_x));
    CUDA_CHECK(cudaFree(m));
    return 0;
}
