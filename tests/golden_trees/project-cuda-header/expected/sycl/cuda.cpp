#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstdlib>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#include "cuda.h"

void check_error(int status) {
    if (status != 0) {
        fprintf(stderr, "CUDA error: %s\n", "SYCL error (SYCL reports errors as exceptions)");
        exit(1);
    }
}

sycl::range<3> grid_for(size_t n) {
    size_t x = (n + BLOCK - 1) / BLOCK, y = 1;
    sycl::range<3> d = sycl::range<3>(1, y, x);  // copy-initialised from a brace list, as darknet's cuda_gridsize does
    return d;
}
