// min/max of a type narrower than int: CUDA promotes it to int, sycl::min deduces one type from both.
#include <sycl/sycl.hpp>
#include <cmath>
#include <cstdint>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void quant(uint8_t *out, const float *x, short s, int n, const sycl::nd_item<3> &item) {
  int i = item.get_local_id(2);
  out[i] = sycl::min(15, static_cast<int>((int8_t)(x[i] + 8.5f)));
  out[i] += sycl::max(static_cast<int>(s), 3);
  unsigned char c = out[i];
  out[i] = sycl::min(static_cast<int>(c), 7) + sycl::min(s + 1, n);
}

int main() {
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { quant(nullptr, nullptr, 0, 0, item); });
  return 0;
}
