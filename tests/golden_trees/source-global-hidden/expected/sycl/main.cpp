#include <sycl/sycl.hpp>
#include "common.cuh"
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void run_cubic(float *d, int n);

void pairs(float2 *out, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  out[i] = twice(make_float2(i, -i));
}

int main() {
  const int n = 128;
  float *d, h[n];
  float2 *p, hp[n];
  d = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
  p = (float2 *)sycl::malloc_device(n * sizeof(float2), gpuport_queue());
  run_cubic(d, n);
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 64) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) { pairs(p, item); });
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  gpuport_queue().memcpy(hp, p, sizeof(hp)).wait();
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bad += h[i] != -1.5f * i + 1.0f;
    bad += hp[i].x != 2.0f * i || hp[i].y != -2.0f * i;
  }
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  sycl::free(d, gpuport_queue());
  sycl::free(p, gpuport_queue());
  return bad != 0;
}
