#include "csr.cuh"

constexpr int kWarpsPerBlock = 8;

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

template <int WARPS>
__global__ void __launch_bounds__(WARPS * 32)
spmv_csr_vector_kernel(int rows, const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                       const float* __restrict__ vals, const float* __restrict__ x,
                       float* __restrict__ y) {
    const int lane = threadIdx.x & 31;
    const int warp_global = blockIdx.x * WARPS + (threadIdx.x >> 5);
    const int warps_total = gridDim.x * WARPS;
    // Whole warps iterate together, so the full mask is valid in warp_sum.
    for (int row = warp_global; row < rows; row += warps_total) {
        const int begin = row_ptr[row];
        const int end = row_ptr[row + 1];
        float sum = 0.0f;
        for (int k = begin + lane; k < end; k += 32) sum += vals[k] * x[col_idx[k]];
        sum = warp_sum(sum);
        if (lane == 0) y[row] = sum;
    }
}

void spmv_csr_vector(const DeviceCsr& A, const float* d_x, float* d_y, cudaStream_t stream) {
    const int threads = kWarpsPerBlock * 32;
    int blocks = (A.rows + kWarpsPerBlock - 1) / kWarpsPerBlock;
    if (blocks > 65535) blocks = 65535;
    spmv_csr_vector_kernel<kWarpsPerBlock><<<blocks, threads, 0, stream>>>(
        A.rows, A.row_ptr, A.col_idx, A.vals, d_x, d_y);
    CUDA_CHECK(cudaGetLastError());
}
