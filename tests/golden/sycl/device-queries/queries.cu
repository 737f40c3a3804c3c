#include <cstdio>
#include <cuda_runtime.h>
#define CUDA_CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(e)); return 1; } } while (0)

__global__ void fill(float *out, int n) {
    extern __shared__ float tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = (float)i;
    if (i < n) out[i] = tile[threadIdx.x];
}

int main() {
    int dev = 0, count = 0, sms = 0, warp = 0, max_threads = 0, smem = 0, can_map = 0;
    CUDA_CHECK(cudaGetDeviceCount(&count));
    CUDA_CHECK(cudaSetDevice(0));
    cudaGetDevice(&dev);
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, dev));
    cudaDeviceGetAttribute(&max_threads, cudaDevAttrMaxThreadsPerBlock, 0);
    CUDA_CHECK(cudaDeviceGetAttribute(&smem, cudaDevAttrMaxSharedMemoryPerBlock, dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&can_map, cudaDevAttrCanMapHostMemory, dev));
    cudaFuncSetAttribute(fill, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    CUDA_CHECK(cudaFuncSetAttribute(fill, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
    int mclk;
    CUDA_CHECK(cudaDeviceGetAttribute(&mclk, cudaDevAttrMemoryClockRate, dev));  // moderngpu prints it
    // sgemm-cuda: all of L1 given to shared memory (a hint; a SYCL device decides)
    cudaFuncSetAttribute(fill, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared);
    printf("%d devices, dev %d: %d SMs, warp %d, %d threads, %d B shared, map %d\n", count, dev, sms, warp,
           max_threads, smem, can_map);
    const int n = 1024;
    float *d_out;
    cudaMalloc(&d_out, n * sizeof(float));
    fill<<<sms, 256, 256 * sizeof(float)>>>(d_out, n);
    cudaDeviceSynchronize();
    cudaFree(d_out);
    return 0;
}
