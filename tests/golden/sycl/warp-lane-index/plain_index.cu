// No warp collective: `% 32` and `>> 5` are plain index arithmetic and stay so.
__global__ void gather(const float4 *src, float4 *dst, int n) {
    const int lane = threadIdx.x & 31;
    for (int w = (blockIdx.x * blockDim.x + threadIdx.x) >> 5; w < n; w += (gridDim.x * blockDim.x) >> 5)
        dst[w * 32 + lane] = src[w * 32 + lane];
}
