#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// cudaMalloc into a pointer computed in place (HSOpticalFlow: cudaMalloc(pI0 + level, n)).
int main(){ float *p[4]; int level = 2; *(p + level) = static_cast<std::remove_reference_t<decltype(*(p + level))>>(sycl::malloc_device(64, gpuport_queue())); cudaMalloc((void **)(p + 1), 64); p[0] = static_cast<std::remove_reference_t<decltype(p[0])>>(sycl::malloc_device(64, gpuport_queue())); sycl::free(p[2], gpuport_queue()); }
