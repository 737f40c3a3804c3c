__global__ void broadcast_and_shift(const float *x, float *out, int *idx) {
    const int lane = threadIdx.x & 31;
    float v = x[threadIdx.x];
    float first = __shfl_sync(0xffffffff, v, 0);
    float from = __shfl_sync(0xffffffff, v, idx[lane]);
    float next = __shfl_down_sync(0xffffffff, v, 1);
    float partner = __shfl_xor_sync(0xffffffff, v, 1, 32);
    out[threadIdx.x] = first + from + next + partner;
}
