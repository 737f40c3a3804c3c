__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}
// Block-wide sum; warp_partials has one slot per warp.
__device__ float block_sum(float v, float *warp_partials) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = warp_sum(v);
    if (lane == 0) warp_partials[warp] = v;
    __syncthreads();
    const int nwarps = blockDim.x >> 5;
    v = (threadIdx.x < nwarps) ? warp_partials[lane] : 0.f;
    if (warp == 0) v = warp_sum(v);
    return v;
}
