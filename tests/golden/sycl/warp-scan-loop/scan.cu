__global__ void scan(const int *in, int *out) {
    const int lane = threadIdx.x & 31;
    int v = in[threadIdx.x];
    for (int d = 1; d < 32; d <<= 1) {
        int up = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += up;
    }
    out[threadIdx.x] = v;
}
