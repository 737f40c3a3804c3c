#include <cuda_runtime.h>

__global__ void scale(float *x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

int main() {
    const int n = 1 << 16;
    float *d_x;
    cudaMalloc(&d_x, n * sizeof(float));
    cudaStream_t streams[2];
    cudaEvent_t ready;
    cudaStreamCreate(&streams[0]);
    cudaStreamCreate(&streams[1]);
    cudaEventCreate(&ready);
    scale<<<n / 256, 256, 0, streams[0]>>>(d_x, 2.0f, n);
    cudaEventRecord(ready, streams[0]);
    cudaStreamWaitEvent(streams[1], ready, 0);
    scale<<<n / 256, 256, 0, streams[1]>>>(d_x, 0.5f, n);
    cudaError_t err = cudaStreamWaitEvent(0, ready, 0);
    cudaStreamSynchronize(streams[1]);
    cudaDeviceSynchronize();
    cudaEventDestroy(ready);
    cudaStreamDestroy(streams[0]);
    cudaStreamDestroy(streams[1]);
    cudaFree(d_x);
    return err;
}
