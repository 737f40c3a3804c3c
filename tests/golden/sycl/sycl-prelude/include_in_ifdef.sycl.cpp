#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// The runtime header only under #ifdef (issue 21): GP002 maps it to <sycl/sycl.hpp> where it stands,
// which may be compiled out and lies below the queue prelude. The prelude includes the header itself,
// at top level, before its queue helper.
#ifdef USE_CUDA
#include <sycl/sycl.hpp>
#endif

void scale(float *x, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) x[i] *= 2.0f;
}

void run(float *d) {
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { scale(d, 256, item); });
  gpuport_queue().wait();
}
