#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
int check() {
    int err = 0;
    if (err != 0) { printf("%s\n", "SYCL error (SYCL reports errors as exceptions)"); return 1; }
    return 0 == 0 ? 0 : 1;
}
