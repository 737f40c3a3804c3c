// Level-1 vector kernels for CG: a deterministic two-pass dot product (warp shuffles, per-warp
// partials in dynamic shared memory) and the two vector updates.
#include "cg.cuh"

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

// Block-wide sum; warp_partials is dynamic shared memory with one slot per warp.
__device__ float block_sum(float v, float* warp_partials) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = warp_sum(v);
    if (lane == 0) warp_partials[warp] = v;
    __syncthreads();
    const int nwarps = blockDim.x >> 5;
    v = (threadIdx.x < nwarps) ? warp_partials[lane] : 0.f;
    if (warp == 0) v = warp_sum(v);
    return v;
}

__global__ void dot_partial_kernel(const float* __restrict__ a, const float* __restrict__ b, int n,
                                   float* __restrict__ partial) {
    extern __shared__ float smem[];
    float acc = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc += a[i] * b[i];
    acc = block_sum(acc, smem);
    if (threadIdx.x == 0) partial[blockIdx.x] = acc;
}

__global__ void dot_final_kernel(const float* __restrict__ partial, int count, float* __restrict__ result) {
    extern __shared__ float smem[];
    float acc = 0.f;
    for (int i = threadIdx.x; i < count; i += blockDim.x) acc += partial[i];
    acc = block_sum(acc, smem);
    if (threadIdx.x == 0) *result = acc;
}

__global__ void axpy_kernel(float alpha, const float* __restrict__ x, float* __restrict__ y, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) y[i] += alpha * x[i];
}

__global__ void xpay_kernel(const float* __restrict__ x, float beta, float* __restrict__ y, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) y[i] = x[i] + beta * y[i];
}

float device_dot(const float* a, const float* b, int n, float* partial, float* result) {
    const size_t shmem = (DOT_THREADS / 32) * sizeof(float);
    dot_partial_kernel<<<DOT_BLOCKS, DOT_THREADS, shmem>>>(a, b, n, partial);
    CUDA_CHECK(cudaGetLastError());
    dot_final_kernel<<<1, DOT_THREADS, shmem>>>(partial, DOT_BLOCKS, result);
    CUDA_CHECK(cudaGetLastError());
    float h = 0.f;
    CUDA_CHECK(cudaMemcpy(&h, result, sizeof(float), cudaMemcpyDeviceToHost));
    return h;
}

void axpy(float alpha, const float* x, float* y, int n) {
    axpy_kernel<<<(n + 255) / 256, 256>>>(alpha, x, y, n);
    CUDA_CHECK(cudaGetLastError());
}

void xpay(const float* x, float beta, float* y, int n) {
    xpay_kernel<<<(n + 255) / 256, 256>>>(x, beta, y, n);
    CUDA_CHECK(cudaGetLastError());
}
