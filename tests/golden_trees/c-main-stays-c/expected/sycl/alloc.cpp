/* A C file whose CUDA calls need the SYCL runtime: it becomes C++. */
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

float *device_buffer(int n)
{
    float *p = 0;
    p = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    return p;
}
