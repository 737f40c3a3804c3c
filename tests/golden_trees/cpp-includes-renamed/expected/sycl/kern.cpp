#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#pragma once
void twice(int *a, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) a[i] *= 2;
}

inline void run_twice(int *h, int n) {
  int *d;
  d = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
  gpuport_queue().memcpy(d, h, n * sizeof(int)).wait();
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 63) / 64) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) { twice(d, n, item); });
  gpuport_queue().memcpy(h, d, n * sizeof(int)).wait();
  sycl::free(d, gpuport_queue());
}
