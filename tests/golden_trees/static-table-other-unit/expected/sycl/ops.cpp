#include <sycl/sycl.hpp>
#include <cstdio>
#include "kernels.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

int main() {
  const int n = 64;
  unsigned char hq[n / 2];
  for (int i = 0; i < n / 2; i++) hq[i] = (unsigned char)(i * 7);
  unsigned char *q;
  float *d, h[n];
  q = (unsigned char *)sycl::malloc_device(sizeof(hq), gpuport_queue());
  d = (float *)sycl::malloc_device(sizeof(h), gpuport_queue());
  gpuport_queue().memcpy(q, hq, sizeof(hq)).wait();
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) { dequantize(q, d, n, 2.0f, item); });
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  const float lut[4] = {-1.0f, -0.25f, 0.25f, 1.0f};
  int bad = 0;
  for (int i = 0; i < n; i++) bad += h[i] != lut[(hq[i / 2] >> (i % 2 ? 2 : 0)) & 3] * 2.0f;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  return bad != 0;
}
