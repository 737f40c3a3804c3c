#include <cuda_runtime.h>
__global__ void bump(int *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] += 1;
}
int main() {
    const int n = 256;
    cudaSetDeviceFlags(cudaDeviceMapHost);
    int *h, *d;
    cudaHostAlloc(&h, n * sizeof(int), cudaHostAllocMapped | cudaHostAllocWriteCombined);
    cudaError_t err = cudaHostGetDevicePointer((void **)&d, h, 0);
    for (int i = 0; i < n; ++i) h[i] = i;
    bump<<<1, n>>>(d, n);
    cudaDeviceSynchronize();
    float *staging = new float[n];
    cudaHostRegister(staging, n * sizeof(float), cudaHostRegisterDefault);
    cudaHostUnregister(staging);
    delete[] staging;
    cudaFreeHost(h);
    return err == cudaSuccess && h[3] == 4 ? 0 : 1;
}
