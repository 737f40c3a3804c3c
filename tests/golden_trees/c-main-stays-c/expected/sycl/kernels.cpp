#include <sycl/sycl.hpp>
#include "wrapper.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void twice(int *v, int n, const sycl::nd_item<3> &item)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        v[i] *= 2;
}

extern "C" void run_wrapper(int *values, int n)
{
    int *d;
    d = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
    gpuport_queue().memcpy(d, values, n * sizeof(int)).wait();
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { twice(d, n, item); });
    gpuport_queue().memcpy(values, d, n * sizeof(int)).wait();
    sycl::free(d, gpuport_queue());
}
