__global__ void votes(const float *x, int *counts, int *flags) {
    float v = x[threadIdx.x];
    int n = __popc(__ballot_sync(0xffffffff, v > 0.0f));
    unsigned int b = __ballot_sync(0xffffffffu, v < 1.0f);
    counts[threadIdx.x] = n + __popc(b);
    flags[threadIdx.x] = __any_sync(0xffffffff, v > 2.0f) + 2 * __all_sync(0xffffffff, v < 3.0f);
}
