#include <cstdio>
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

int main() {
    int dev = 0, sms = 0, per_sm = 0, per_sm_smem = 0, grid = 0, block = 0, engines = 0, max_grid = 0;
    cudaGetDevice(&dev);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    cudaDeviceGetAttribute(&engines, cudaDevAttrAsyncEngineCount, dev);
    if (cudaDeviceGetAttribute(&max_grid, cudaDevAttrMaxGridDimX, dev) != cudaSuccess) return 1;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, saxpy, 256, 0);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm_smem, saxpy, 128, 4096 * sizeof(float));
    cudaOccupancyMaxPotentialBlockSize(&grid, &block, saxpy, 0, 0);
    printf("%d SMs, %d copy engines, grid x <= %d: %d (%d) blocks per SM; %d x %d\n", sms, engines, max_grid,
           per_sm, per_sm_smem, grid, block);
    const int n = 1 << 20;
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    saxpy<<<sms * per_sm, 256>>>(n, 2.0f, x, y);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
