// One function launches with `dim3` variables, another with integers of the same names: each launch
// reads the declarations of its own function (the integer launch had been built as range arithmetic).
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void fill(int *d, int v, const sycl::nd_item<3> &item) { d[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)] = v; }

void with_dims(int *d) {
  sycl::range<3> grid(1, 1, 2), block(1, 1, 64);
  gpuport_queue().parallel_for(sycl::nd_range<3>(grid * block, block), [=](sycl::nd_item<3> item) { fill(d, 1, item); });
}

void with_ints(int *d, int n) {
  unsigned int block = n < 64 ? n : 64;
  unsigned int grid = (n + block - 1) / block;
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, grid) * sycl::range<3>(1, 1, block), sycl::range<3>(1, 1, block)), [=](sycl::nd_item<3> item) { fill(d, 2, item); });
}

int main() {
  int *d, h[128];
  d = (int *)sycl::malloc_device(sizeof(h), gpuport_queue());
  with_dims(d);
  with_ints(d, 64);
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  printf("%d %d\n", h[0], h[127]);
  return 0;
}
