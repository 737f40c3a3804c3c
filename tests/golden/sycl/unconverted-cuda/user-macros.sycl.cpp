// The project's checking macros live in a header that is not part of the input: they are not CUDA's.
#include <sycl/sycl.hpp>
#include "checks.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void release(float *p, gpuport_blas_handle h)
{
    CUDA_CHECK((sycl::free(p, gpuport_queue()), 0));
    CUBLAS_CHECK(gpuport_blas_destroy(h));
    CUDA_CHECK((gpuport_queue().wait(), 0));
    cudaNotAnApiFunction(p);
}
