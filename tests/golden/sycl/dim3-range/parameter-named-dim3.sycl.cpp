#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// Index helpers whose parameters are named like the type (lightseq's and FasterTransformer's kernels.h):
// those `dim3`s are the program's variables; the launch's dim3s in the same file are the type.
int flat_index(int id1, int id2, int id3, int dim2, int dim3) {
  return id1 * dim2 * dim3 + id2 * dim3 + id3;
}

void split_index(int src, int dim3, int *id2, int *id3) {
  *id3 = src % dim3;
  src /= dim3;
  *id2 = src;
}

void fill(int *out, int dim2, int dim3, const sycl::nd_item<3> &item) {
  int id2, id3;
  split_index(item.get_local_id(2), dim3, &id2, &id3);
  out[item.get_local_id(2)] = flat_index(0, id2, id3, dim2, dim3);
}

int main() {
  int *d;
  d = (int *)sycl::malloc_device(64 * sizeof(int), gpuport_queue());
  sycl::range<3> grid(1, 1, 1), block(1, 1, 64);
  gpuport_queue().parallel_for(sycl::nd_range<3>(grid * block, block), [=](sycl::nd_item<3> item) { fill(d, 8, 8, item); });
  gpuport_queue().wait();
  sycl::free(d, gpuport_queue());
  return 0;
}
