#include <cstdio>
#include <cuda_runtime.h>
__global__ void nop() {}
int main() {
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    nop<<<1, 1>>>();
    cudaEventRecord(stop, 0);
    cudaEventSynchronize(stop);
    float ms = 0.f;
    cudaEventElapsedTime(&ms, start, stop);
    printf("TIME_MS %.4f\n", ms);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return 0;
}
