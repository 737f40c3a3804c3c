#include <sycl/sycl.hpp>
#include <cstdio>
#include "gates.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

int main() {
  const int n = 100;
  float h[n], *d;
  for (int i = 0; i < n; i++) h[i] = i;
  d = (float *)sycl::malloc_device(sizeof(h), gpuport_queue());
  gpuport_queue().memcpy(d, h, sizeof(h)).wait();
  const float m[2] = {2.0f, 1.0f};
  run_gate(d, n, m);
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) bad += h[i] != 2.0f * i + 1.0f;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  return bad != 0;
}
