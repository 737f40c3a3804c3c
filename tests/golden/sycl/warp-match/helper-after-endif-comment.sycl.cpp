#include <sycl/sycl.hpp>
// A width shuffle's helper goes above the function that needs it, on its own line: the comment ending
// the `#endif` line above is not the function's (ggml's fattn-vec.cuh: `#endif // __clang__`).
#ifdef __clang__
#pragma clang diagnostic push
#endif // __clang__
#ifndef GPUPORT_SHFL_XOR_WIDTH
#define GPUPORT_SHFL_XOR_WIDTH
// CUDA __shfl_xor_sync with a width: a lane whose partner lies in a later segment keeps its value.
template <typename T>
static inline T gpuport_shfl_xor_width(const sycl::sub_group &sg, T v, unsigned mask, unsigned width) {
  const T moved = sycl::permute_group_by_xor(sg, v, mask);
  const unsigned lane = sg.get_local_linear_id();
  return (lane ^ mask) < (lane / width + 1) * width ? moved : v;
}
#endif

template <int width>
float segment_sum(float v, const sycl::nd_item<3> &item)
{
    for (int offset = width / 2; offset > 0; offset /= 2) {
        v += gpuport_shfl_xor_width(item.get_sub_group(), v, offset, width);
    }
    return v;
}

void sums(float *p, const sycl::nd_item<3> &item)
{
    p[item.get_local_id(2)] = segment_sum<8>(p[item.get_local_id(2)], item);
}
