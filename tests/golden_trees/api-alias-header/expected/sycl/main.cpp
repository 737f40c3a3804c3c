#include <sycl/sycl.hpp>
#include <cstdio>
#include "gpu_wrap.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void scale(float *d, float k, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) d[i] *= k;
}

int main() {
  const int n = 256;
  float h[n], *d;
  for (int i = 0; i < n; i++) h[i] = i;
  d = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
  gpuport_queue().memcpy(d, h, sizeof(h)).wait();
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 64) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) { scale(d, 2.0f, n, item); });
  gpuport_queue().wait();
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  sycl::free(d, gpuport_queue());
  int bad = 0;
  for (int i = 0; i < n; i++) bad += h[i] != 2.0f * i;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  return bad != 0;
}
