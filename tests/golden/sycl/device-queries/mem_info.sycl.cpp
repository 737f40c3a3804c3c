// cudaMemGetInfo (rodinia nn): SYCL 2020 knows the memory size, not what is free.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
int main() { size_t f, t; f = t = gpuport_queue().get_device().get_info<sycl::info::device::global_mem_size>(); if ((f = t = gpuport_queue().get_device().get_info<sycl::info::device::global_mem_size>(), 0) != 0) return 1; printf("%zu %zu\n", f, t); }
