#include <sycl/sycl.hpp>
#include "api.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void scale(float *x, int n, float a, const sycl::nd_item<3> &item)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) x[i] *= a;
}

void scale_gpu(float *x, int n, float a)
{
    set_device(gpu_index);
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 255) / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { scale(x, n, a, item); });
}
