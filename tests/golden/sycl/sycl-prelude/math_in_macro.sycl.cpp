// A grid size computed by a macro calling ceil: nvcc's implicit <cmath> made it visible; the translation includes it.
#include <cmath>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define N ceil(15 * 1.0 / 4)
void k(int *x, const sycl::nd_item<3> &item) { x[0] = 1; }
int main() { int *d; d = (int *)sycl::malloc_device(4, gpuport_queue()); gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, N) * sycl::range<3>(1, 1, 4), sycl::range<3>(1, 1, 4)), [=](sycl::nd_item<3> item) { k(d, item); }); return 0; }
