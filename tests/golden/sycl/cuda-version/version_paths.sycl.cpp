// The runtime version chooses the code path (cuda-samples' threadFenceReduction): the HIP and SYCL
// builds must take the current API's branch, not the one for CUDA 2.1.
#include <sycl/sycl.hpp>
#ifndef CUDART_VERSION
#define CUDART_VERSION 12080 // gpuport: the CUDA version whose API this translation follows
#endif
#include <cstdio>
#include <cstdlib>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#define VERSION_MAJOR (CUDART_VERSION / 1000)

void fill(int *x, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] = item.get_local_id(2); }

int main() {
#if CUDART_VERSION >= 2020
    int *x;
    x = (int *)sycl::malloc_device(32 * sizeof(int), gpuport_queue());
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { fill(x, item); });
    printf("built for CUDA %d\n", VERSION_MAJOR);
#else
    print_NVCC_min_spec("sample", "2.2", "Version 185");
    exit(EXIT_SUCCESS);
#endif
    return 0;
}
