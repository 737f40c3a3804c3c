// Library macros chosen under nvcc's identification macros (moderngpu's meta.hxx): the CUDA branch is
// the one nvcc compiled, so it is the one the SYCL translation keeps.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#if 1 /* was: #ifdef __CUDACC__ */
  #define MY_DEVICE 
  #define MY_HOST_DEVICE inline 
#else
  #define MY_HOST_DEVICE
#endif

#if 0 /* was: #ifndef __CUDACC__ */
#error "this file needs nvcc"
#endif

#if 1 && !defined(__CUDA_ARCH__)
static const char *where = "host pass";
#elif 1 || 1
static const char *where = "other";
#endif

MY_HOST_DEVICE float twice(float x) { return 2.0f * x; }
MY_DEVICE float thrice(float x) { return 3.0f * x; }

void k(float *x, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] = twice(x[item.get_local_id(2)]) + thrice(1.0f); }

int main() {
    float *x;
    x = (float *)sycl::malloc_device(32 * sizeof(float), gpuport_queue());
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { k(x, item); });
    printf("%s %f\n", where, twice(1.0f));
    return 0;
}
