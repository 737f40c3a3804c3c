#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_SHFL_DOWN_WIDTH
#define GPUPORT_SHFL_DOWN_WIDTH
// CUDA __shfl_down_sync with a width: a lane whose source lies past its segment keeps its value.
template <typename T>
static inline T gpuport_shfl_down_width(const sycl::sub_group &sg, T v, unsigned delta, unsigned width) {
  const T moved = sycl::shift_group_left(sg, v, delta);
  return sg.get_local_linear_id() % width + delta < width ? moved : v;
}
#endif
#ifndef GPUPORT_SHFL_UP_WIDTH
#define GPUPORT_SHFL_UP_WIDTH
// CUDA __shfl_up_sync with a width: a lane whose source lies before its segment keeps its value.
template <typename T>
static inline T gpuport_shfl_up_width(const sycl::sub_group &sg, T v, unsigned delta, unsigned width) {
  const T moved = sycl::shift_group_right(sg, v, delta);
  return sg.get_local_linear_id() % width >= delta ? moved : v;
}
#endif
#ifndef GPUPORT_SHFL_WIDTH
#define GPUPORT_SHFL_WIDTH
// CUDA __shfl_sync with a width: lane `src` of this lane's segment of `width` lanes.
template <typename T>
static inline T gpuport_shfl_width(const sycl::sub_group &sg, T v, int src, unsigned width) {
  const unsigned lane = sg.get_local_linear_id();
  return sycl::select_from_group(sg, v, lane / width * width + (unsigned)src % width);
}
#endif
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

template <int N>
void row_sum(const float *x, float *out, const sycl::nd_item<3> &item) {
    float v = x[item.get_local_id(1) * N + item.get_local_id(2)];
    for (int o = N / 2; o > 0; o >>= 1) v += gpuport_shfl_down_width(item.get_sub_group(), v, o, N);
    float up = gpuport_shfl_up_width(item.get_sub_group(), v, 1, 16);
    float x8 = gpuport_shfl_xor_width(item.get_sub_group(), v, 4, 8);
    float first = gpuport_shfl_width(item.get_sub_group(), v, 0, N);
    if (item.get_local_id(2) == 0) out[item.get_local_id(1)] = v + up + x8 + first;
}

void launch(const float *x, float *out) { gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 4, 16), sycl::range<3>(1, 4, 16)), [=](sycl::nd_item<3> item) [[sycl::reqd_sub_group_size(32)]] { row_sum<16>(x, out, item); }); }
