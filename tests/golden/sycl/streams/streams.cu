#include <cuda_runtime.h>
__global__ void inc(int *p) { p[threadIdx.x] += 1; }
int main() {
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    cudaStream_t s;
    cudaStreamCreate(&s);
    cudaMemsetAsync(d, 0, 64 * sizeof(int), s);
    inc<<<1, 64, 0, s>>>(d);
    cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
    cudaFree(d);
    return 0;
}
