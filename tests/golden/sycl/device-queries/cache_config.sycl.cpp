#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// Cache and shared-memory bank configuration (rodinia hotspot3D): hints a SYCL device decides itself.
void k(float *a, const sycl::nd_item<3> &item) { a[0] = 1; }
int main() {    float *a; a = (float *)sycl::malloc_device(4, gpuport_queue()); gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 1), sycl::range<3>(1, 1, 1)), [=](sycl::nd_item<3> item) { k(a, item); }); }
