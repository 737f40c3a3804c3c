// Headers that are parts of the CUDA runtime API, included directly: each is SYCL's header.
#include <sycl/sycl.hpp>
#include <sycl/sycl.hpp>
#include <sycl/sycl.hpp>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void scale(float *x, float s, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] *= s; }

int main() {
  float *x = nullptr;
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { scale(x, 2.0f, item); });
  return 0;
}
