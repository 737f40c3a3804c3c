__device__ unsigned int g_head;
__global__ void drain(const int *in, int *out, unsigned n) {
    __shared__ int part[256 / 32];
    const unsigned lane = threadIdx.x & 31u, warp = threadIdx.x / 32;
    unsigned base = 0;
    if (lane == 0) base = atomicAdd(&g_head, 32u);
    base = __shfl_sync(0xffffffffu, base, 0);
    if (base + lane < n) out[base + lane] = in[base + lane];
    if (lane == 0) part[warp] = base;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = part[0];
}
