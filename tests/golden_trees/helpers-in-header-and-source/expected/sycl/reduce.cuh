#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#pragma once
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

// A reduction over segments of 16 lanes, in a header every source includes.
inline float segment_sum(float v, const sycl::nd_item<3> &item) {
  for (int offset = 8; offset > 0; offset >>= 1) v += gpuport_shfl_xor_width(item.get_sub_group(), v, offset, 16);
  return v;
}

template <typename Kernel, typename... Args>
static void launch(Kernel kernel, int blocks, int threads, sycl::queue * stream, Args &&...args) {
  kernel(sycl::range<3>(1, 1, blocks), sycl::range<3>(1, 1, threads), 0, (stream ? *stream : gpuport_queue()), std::forward<Args>(args)...);
}
