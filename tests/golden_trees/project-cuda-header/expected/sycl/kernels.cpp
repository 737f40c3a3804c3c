#include "sycl/sycl.hpp"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#include "cuda.h"

void scale_kernel(float *x, float a, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) x[i] *= a;
}

void scale_gpu(float *x_gpu, float a, int n) {
    gpuport_queue().parallel_for(sycl::nd_range<3>(grid_for(n) * sycl::range<3>(1, 1, BLOCK), sycl::range<3>(1, 1, BLOCK)), [=](sycl::nd_item<3> item) { scale_kernel(x_gpu, a, n, item); });
    check_error(0);
}
