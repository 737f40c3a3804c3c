#include <cuda_runtime.h>

// A stream variable that may hold 0 is CUDA's default stream: the launch must not dereference it.
__global__ void scale(float *x, int n) {
    __shared__ float tile[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) tile[threadIdx.x] = x[i];
    __syncthreads();
    if (i < n) x[i] = 2.0f * tile[threadIdx.x];
}

static cudaStream_t g_stream;

void run(float *d_x, int n, cudaStream_t stream = 0) {
    scale<<<(n + 127) / 128, 128, 0, stream>>>(d_x, n);
    scale<<<(n + 127) / 128, 128, 0, g_stream>>>(d_x, n);
    cudaStream_t zero = 0;
    scale<<<(n + 127) / 128, 128, 0, zero>>>(d_x, n);
    cudaStream_t created;
    cudaStreamCreate(&created);
    scale<<<(n + 127) / 128, 128, 0, created>>>(d_x, n);
    cudaStreamSynchronize(stream);
    cudaStreamSynchronize(created);
    cudaStreamDestroy(created);
}

int main() {
    float *d_x;
    cudaMalloc(&d_x, 256 * sizeof(float));
    run(d_x, 256);
    cudaFree(d_x);
    return 0;
}
