#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// hemi's kernels: `__global__` and `__host__ __device__` spelled by macros (`HEMI_LAUNCHABLE`,
// `HEMI_DEV_CALLABLE`). The kernel is a kernel all the same (it takes the nd_item, its launch is a
// parallel_for), and the macros' definitions lose the CUDA words.
#if 1 /* was: #ifdef __CUDACC__ */
#define HEMI_LAUNCHABLE 
#define HEMI_DEV_CALLABLE_INLINE inline
#else
#define HEMI_LAUNCHABLE
#define HEMI_DEV_CALLABLE_INLINE inline
#endif

HEMI_DEV_CALLABLE_INLINE float scale(float x) { return 2.0f * x; }

HEMI_LAUNCHABLE void twice(float *x, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) x[i] = scale(x[i]);
}

void run(float *x, int n) { gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { twice(x, n, item); }); }
