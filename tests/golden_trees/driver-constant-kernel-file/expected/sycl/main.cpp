#include <sycl/sycl.hpp>
#include <cstdio>
#include "params.h"
#include <cstdlib>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

inline params *gpuport_symbol_d_common() {
  static params *p = [] {
    params *m = sycl::malloc_device<params>(1, gpuport_queue());
    gpuport_queue().memset(m, 0, 1 * sizeof(params)).wait();
    return m;
  }();
  return p;
}

#include "kernel.cpp"

int main() {
  params h{256, 3.0f};
  gpuport_queue().memcpy(gpuport_symbol_d_common(), &h, sizeof(params)).wait();
  float hd[256], *d;
  for (int i = 0; i < 256; i++) hd[i] = (float)i;
  d = (float *)sycl::malloc_device(sizeof(hd), gpuport_queue());
  gpuport_queue().memcpy(d, hd, sizeof(hd)).wait();
  sycl::range<3> gridDim(1, 2, 2);
  gpuport_queue().parallel_for(sycl::nd_range<3>(gridDim * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=, d_common = gpuport_symbol_d_common()](sycl::nd_item<3> item) { scale_kernel(d, item, *d_common); });
  gpuport_queue().memcpy(hd, d, sizeof(hd)).wait();
  int bad = 0;
  for (int i = 0; i < 256; i++) bad += hd[i] != 3.0f * i;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  sycl::free(d, gpuport_queue());
  return bad != 0;
}
