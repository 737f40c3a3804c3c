#include <cuda_runtime.h>
int main() {
    float *x;
    cudaMallocManaged(&x, 64 * sizeof(float));
    cudaMemPrefetchAsync(x, 64 * sizeof(float), 0, 0);
    cudaMemPrefetchAsync(x, 64 * sizeof(float), cudaCpuDeviceId, 0);
    cudaDeviceSynchronize();
    cudaFree(x);
    return 0;
}
