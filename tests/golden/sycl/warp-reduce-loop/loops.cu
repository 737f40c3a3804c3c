#define FULL_MASK 0xffffffffu
__device__ float warp_sum(float v) {
    for (int o = warpSize / 2; o > 0; o >>= 1) v += __shfl_down_sync(FULL_MASK, v, o);
    return v;
}
__device__ float warp_max(float v) {
    for (int o = 16; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    return v;
}
__global__ void stats(const float2 *x, float *out) {
    float2 v = x[blockIdx.x * blockDim.x + threadIdx.x];
    for (int off = warpSize / 2; off > 0; off >>= 1) {
        v.x += __shfl_down_sync(0xffffffffu, v.x, off);
        v.y = max(v.y, __shfl_down_sync(0xffffffffu, v.y, off));
    }
    out[0] = warp_sum(v.x) + warp_max(v.y);
}
