#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_ASSUME
#if defined(__clang__)
#define GPUPORT_ASSUME(x) __builtin_assume(x)
#else
#define GPUPORT_ASSUME(x) ((void)sizeof((x) ? 1 : 0))
#endif
#endif
#define MY_ASSUME(x) GPUPORT_ASSUME(x)
template <int D>
void k(float *a, const sycl::nd_item<3> &item) {
  const int tid = item.get_local_id(2);
  GPUPORT_ASSUME(tid < D);
  MY_ASSUME(tid >= 0);
  a[tid] *= 2.0f;
}
int main() { float *d; d = (float *)sycl::malloc_device(128, gpuport_queue()); gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { k<32>(d, item); }); gpuport_queue().wait(); return 0; }
