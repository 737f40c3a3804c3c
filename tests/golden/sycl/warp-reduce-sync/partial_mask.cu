__global__ void half_warp(const int *x, int *out) {
    int v = x[threadIdx.x];
    out[threadIdx.x] = __reduce_add_sync(0x0000ffffu, v);
}
