// cudaMemcpyKind values outside copies (a project enum built from them, a kind variable) keep CUDA's numbers.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
enum my_kind {
  MY_H2H = 0,
  MY_H2D = 1,
  MY_D2H = 2,
  MY_D2D = 3,
  MY_DEF = 4
};
int copy(void *dst, const void *src, size_t n, enum my_kind kind) {
  int err = (gpuport_queue().memcpy(dst, src, n).wait(), 0);
  return err != 0;
}
int copy2(void *dst, const void *src, size_t n, int kind, sycl::queue * st) {
  int k = kind == 0 ? 4 : kind;
  return ((st ? *st : gpuport_queue()).memcpy(dst, src, n), 0);
}
