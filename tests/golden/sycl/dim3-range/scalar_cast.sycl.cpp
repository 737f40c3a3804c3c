#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_RANGE3
#define GPUPORT_RANGE3
// An element of a dim3 array: sycl::range<3> has no default constructor; CUDA's dim3 defaults to (1, 1, 1).
struct gpuport_range3 : sycl::range<3> {
  gpuport_range3() : sycl::range<3>(1, 1, 1) {}
  gpuport_range3(size_t d0, size_t d1, size_t d2) : sycl::range<3>(d0, d1, d2) {}
  gpuport_range3(const sycl::range<3> &r) : sycl::range<3>(r) {}
  gpuport_range3(size_t x) : sycl::range<3>(1, 1, x) {}  // CUDA's dim3(x): y and z are 1
};
#endif
// A scalar cast to dim3 (x = the value, y = z = 1); a dim3 cast to dim3 stays a copy.
struct Launch {
  sycl::range<3> grid{1, 1, 1};
  sycl::range<3> block{1, 1, 1};
  Launch(const gpuport_range3 &g, const gpuport_range3 &b) : grid(g), block(b) {}
};

void zero(int *x, const sycl::nd_item<3> &item) { x[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)] = 0; }

void run(int *x, int n) {
  const int blocks = (n + 255) / 256;
  Launch p(sycl::range<3>(1, 1, blocks), sycl::range<3>(1, 1, blocks * 2));
  sycl::range<3> copy = (sycl::range<3>)p.grid;
  gpuport_queue().parallel_for(sycl::nd_range<3>(copy * p.block, p.block), [=](sycl::nd_item<3> item) { zero(x, item); });
}
