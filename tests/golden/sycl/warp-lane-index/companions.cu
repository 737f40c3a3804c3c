// The 32s that belong to a lane/warp index follow it to the sub-group: warp count, lane stride,
// the last lane, and the loop over one slot per warp.
template <int BLOCK>
__device__ float block_sum(float v) {
    __shared__ float part[BLOCK / 32];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    if (lane == 31) part[warp] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < BLOCK / 32; ++w) total += part[w];
    return total;
}

__global__ void row_max(const float *x, int n, int rows, float *out) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;
    for (int r = warp; r < rows; r += nwarps) {
        float m = -1e30f;
        for (int j = lane; j < n; j += 32) m = fmaxf(m, x[r * n + j]);
        for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
        if (lane == 0) out[r] = m;
    }
}

__global__ void sums(const float *x, float *out) {
    out[blockIdx.x] = block_sum<128>(x[blockIdx.x * 128 + threadIdx.x]);
}
