// The out-argument cast to any pointer-to-pointer type, as CUDA's template cudaMalloc(T **, size_t) takes it.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
int main() {
  float *a, *b, *c; int size = 64;
  a = (float *)sycl::malloc_device(size, gpuport_queue());
  b = (float *)sycl::malloc_device(size, gpuport_queue());
  c = (float *)sycl::malloc_device(size, gpuport_queue());
  sycl::free(a, gpuport_queue()); sycl::free(b, gpuport_queue()); sycl::free(c, gpuport_queue());
  return 0;
}
