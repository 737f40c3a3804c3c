#include <cuda_runtime.h>
__constant__ float coef[4];
__constant__ int offsets[3] = {-1, 0, 1};
__device__ unsigned int counter;
__device__ float weight(int k) { return coef[k]; }
__global__ void apply(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= weight(i % 4) + offsets[i % 3];
    atomicAdd(&counter, 1u);
}
int main() {
    float h[4] = {1, 2, 3, 4};
    float *d_x;
    cudaMalloc(&d_x, 256 * sizeof(float));
    cudaMemcpyToSymbol(coef, h, sizeof(h));
    apply<<<1, 256>>>(d_x, 256);
    unsigned int c = 0;
    cudaMemcpyFromSymbol(&c, counter, sizeof(c));
    return c == 256 ? 0 : 1;
}
