// A C project's header shared by .c and .cu files: _Bool and __auto_type get a C++-only meaning.
#include <sycl/sycl.hpp>
#include <stdio.h>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// a _Bool in a comment stays, as does "_Bool" in a string
#if defined(__cplusplus) && !defined(_Bool)
#define _Bool bool
#endif
extern _Bool debug_logging;
#if defined(__cplusplus) && !defined(__auto_type)
#define __auto_type auto
#endif
static inline int twice(int v) { __auto_type x = v; return 2 * x; }
void scale(int *a, _Bool negate, const sycl::nd_item<3> &item) {
  int i = item.get_local_id(2);
  a[i] = negate ? -a[i] : a[i];
}
int main(void) {
  int *d;
  d = (int *)sycl::malloc_device(32 * sizeof(int), gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { scale(d, 1, item); });
  printf("%s %d\n", "_Bool", twice(2));
  return 0;
}
