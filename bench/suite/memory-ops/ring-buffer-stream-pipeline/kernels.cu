#include "pipeline.cuh"

__global__ void transform_kernel(const float* __restrict__ in, float* __restrict__ out,
                                 float* __restrict__ partials, size_t n, float gain) {
    __shared__ float s_sum[kThreads];
    float local = 0.0f;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        float x = in[i];
        float y = x * gain + 0.5f * sinf(x);
        out[i] = y;
        local += y;
    }
    s_sum[threadIdx.x] = local;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride) s_sum[threadIdx.x] += s_sum[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) partials[blockIdx.x] = s_sum[0];
}

void launch_transform(const float* d_in, float* d_out, float* d_partials, size_t n, float gain,
                      cudaStream_t stream) {
    transform_kernel<<<kBlocks, kThreads, 0, stream>>>(d_in, d_out, d_partials, n, gain);
    CUDA_CHECK(cudaGetLastError());
}
