#include <sycl/sycl.hpp>
#include "common.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

inline float *gpuport_symbol_a() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>(1, gpuport_queue());
    gpuport_queue().memset(m, 0, 1 * sizeof(float)).wait();
    return m;
  }();
  return p;
}  // this source's own global, defined below the shared header, set by the host

void cubic(float *out, const sycl::nd_item<3> &item, float &a) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  out[i] = twice(a) * i;
}

void offset(float *out, float a, const sycl::nd_item<3> &item) {  // the parameter hides the global
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  out[i] += a;
}

void run_cubic(float *d, int n) {
  const float h = -0.75f;
  gpuport_queue().memcpy(gpuport_symbol_a(), &h, sizeof(h)).wait();
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 64) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=, a = gpuport_symbol_a()](sycl::nd_item<3> item) { cubic(d, item, *a); });
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 64) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) { offset(d, 1.0f, item); });
}
