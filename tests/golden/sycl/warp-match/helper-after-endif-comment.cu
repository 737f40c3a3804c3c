// A width shuffle's helper goes above the function that needs it, on its own line: the comment ending
// the `#endif` line above is not the function's (ggml's fattn-vec.cuh: `#endif // __clang__`).
#ifdef __clang__
#pragma clang diagnostic push
#endif // __clang__
template <int width>
__device__ float segment_sum(float v)
{
    for (int offset = width / 2; offset > 0; offset /= 2) {
        v += __shfl_xor_sync(0xffffffff, v, offset, width);
    }
    return v;
}

__global__ void sums(float *p)
{
    p[threadIdx.x] = segment_sum<8>(p[threadIdx.x]);
}
