#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
void scale_kernel(float *d, const sycl::nd_item<3> &item, params &d_common) {
  int i = item.get_local_range(2) * (item.get_group_range(2) * item.get_group(1) + item.get_group(2)) + item.get_local_id(2);
  if (i < d_common.n) d[i] *= d_common.scale;
}

void fill_kernel(float *d, float v, const sycl::nd_item<3> &item) { d[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)] = v; }
