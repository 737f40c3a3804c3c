#include <cuda_runtime.h>

__device__ float block_sum(float v) {
    __shared__ float part[32], spare[1];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0) part[warp] = v;
    __syncthreads();
    spare[0] = 0.0f;
    v = threadIdx.x < blockDim.x / 32 ? part[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
    return v + spare[0];
}

template <int BLOCK>
__device__ float block_max(float v) {
    __shared__ float slots[BLOCK];
    slots[threadIdx.x] = v;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s /= 2) {
        if (threadIdx.x < s) slots[threadIdx.x] = fmaxf(slots[threadIdx.x], slots[threadIdx.x + s]);
        __syncthreads();
    }
    return slots[0];
}

template <int BLOCK>
__global__ void stats(const float *x, float *sum, float *mx, int n) {
    int i = blockIdx.x * BLOCK + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    float s = block_sum(v);
    float m = block_max<BLOCK>(v);
    if (threadIdx.x == 0) {
        atomicAdd(sum, s);
        mx[blockIdx.x] = m;
    }
}

int main() {
    const int n = 1 << 16;
    float *d_x, *d_sum, *d_max;
    cudaMalloc(&d_x, n * sizeof(float));
    cudaMalloc(&d_sum, sizeof(float));
    cudaMalloc(&d_max, (n / 256) * sizeof(float));
    stats<256><<<n / 256, 256>>>(d_x, d_sum, d_max, n);
    cudaDeviceSynchronize();
    cudaFree(d_x);
    cudaFree(d_sum);
    cudaFree(d_max);
    return 0;
}
