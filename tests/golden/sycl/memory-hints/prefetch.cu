#include <cstdio>
#include <cuda_runtime.h>
#define CUDA_CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(e)); } } while (0)

// Moves managed pages towards `device` (cudaCpuDeviceId: the host) before they are used there.
static void prefetch(const void *ptr, size_t bytes, int device, cudaStream_t stream) {
    cudaMemLocation loc = {};
    if (device == cudaCpuDeviceId) {
        loc.type = cudaMemLocationTypeHost;
        loc.id = 0;
    } else {
        loc.type = cudaMemLocationTypeDevice;
        loc.id = device;
    }
    CUDA_CHECK(cudaMemPrefetchAsync(ptr, bytes, loc, 0, stream));
    CUDA_CHECK(cudaMemAdvise(ptr, bytes, cudaMemAdviseSetPreferredLocation, loc));
}

int main() {
    const size_t n = 1 << 20;
    float *x;
    CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
    cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseSetReadMostly, 0);
    cudaMemPrefetchAsync(x, n * sizeof(float), 0);
    cudaMemPrefetchAsync(x, n * sizeof(float), {cudaMemLocationTypeDevice, 0}, 0, 0);
    cudaStream_t s;
    cudaStreamCreate(&s);
    prefetch(x, n * sizeof(float), cudaCpuDeviceId, s);
    CUDA_CHECK(cudaMemPrefetchAsync(x, n * sizeof(float), cudaCpuDeviceId));
    if (n > 4) cudaStreamAttachMemAsync(0, x, 0, cudaMemAttachGlobal);
    CUDA_CHECK(cudaDeviceSynchronize());
    cudaFree(x);
    return 0;
}
