#include <sycl/sycl.hpp>
#include <cstdio>
#include "quant.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

int main() {
  const int n = 128;
  short h[64];
  for (int i = 0; i < 64; i++) h[i] = (short)(i % 7);
  float s = 0.5f;
  gpuport_queue().memcpy(gpuport_symbol_Q(), h, sizeof(short[64])).wait();
  gpuport_queue().memcpy(::tune::gpuport_symbol_scale(), &s, sizeof(float)).wait();
  float hd[n], *d;
  for (int i = 0; i < n; i++) hd[i] = 2.0f;
  d = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
  gpuport_queue().memcpy(d, hd, n * sizeof(float)).wait();
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 32) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=, Q = gpuport_symbol_Q(), scale = ::tune::gpuport_symbol_scale()](sycl::nd_item<3> item) { quantize(d, n, item, Q, *scale); });
  gpuport_queue().memcpy(hd, d, n * sizeof(float)).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) bad += hd[i] != 2.0f * (i % 64 % 7) * 0.5f;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  sycl::free(d, gpuport_queue());
  return bad != 0;
}
