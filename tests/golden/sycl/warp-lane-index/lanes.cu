__global__ void ids(int *lane_out, int *warp_out) {
    const int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    const int tid = threadIdx.x;
    lane_out[tid] = lane + (tid & 31);
    warp_out[tid] = warp + (tid >> 5);
    __syncwarp();
}
__global__ void ids2d(int *out) {
    out[threadIdx.y * blockDim.x + threadIdx.x] = threadIdx.x % 32;
}
