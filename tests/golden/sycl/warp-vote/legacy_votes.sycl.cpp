#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// The mask-less warp votes of older code (removed for sm_70+): the whole warp votes.
void votes(const int *x, int *out, const sycl::nd_item<3> &item) {
  int v = x[item.get_local_id(2)];
  int any = sycl::any_of_group(item.get_sub_group(), v > 10);
  int all = sycl::all_of_group(item.get_sub_group(), v >= 0);
  unsigned mask = sycl::reduce_over_group(item.get_sub_group(), (v & 1) ? (1u << item.get_sub_group().get_local_linear_id()) : 0u, sycl::bit_or<>());
  int odd = sycl::reduce_over_group(item.get_sub_group(), (v & 1) ? 1 : 0, sycl::plus<>());
  if (item.get_local_id(2) == 0) out[item.get_group(2)] = any + 2 * all + 4 * odd + (mask & 1);
}

int main() {
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { votes(nullptr, nullptr, item); });
  return 0;
}
