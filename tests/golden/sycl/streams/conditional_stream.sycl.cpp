#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// A launch on a stream chosen by a conditional whose other branch is CUDA's default stream `0` (the
// stream pointer may be null): the queue is tested before use, as a stream variable is.
void fill(float* x, float v, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] = v; }

void run(float* x, sycl::queue ** sp, sycl::queue ** streams, int i) {
    ((sp ? *sp : 0) ? *(sp ? *sp : 0) : gpuport_queue()).parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { fill(x, 1.0f, item); });
    ((sp ? *sp : 0) ? *(sp ? *sp : 0) : gpuport_queue()).memset(x, 0, 32 * sizeof(float));
    (streams[i])->parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { fill(x, 2.0f, item); });
}
