// A kernel defined above the file's first include (HIPIFY's vec_add.cu): the SYCL header goes above it.
#include <sycl/sycl.hpp>
void vecAdd(float *A, float *B, float *C, const sycl::nd_item<3> &item) {
  int i = item.get_local_id(2);
  C[i] = A[i] + B[i];
}
#include <stdio.h>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

int main() {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { vecAdd(a, b, c, item); });
  printf("done\n");
  return 0;
}
