// A file that names the runtime through its own aliases: structural calls are rewritten at each use,
// a memcpy kind alias is consumed by the copy, and a renamed name's alias keeps its macro.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// gpuport: `devMalloc` stood for `cudaMalloc`, translated where it is used
// gpuport: `devMemcpy` stood for `cudaMemcpy`, translated where it is used
// gpuport: `devFree` stood for `cudaFree`, translated where it is used
#define devToHost 2
#define devStream_t sycl::queue *

void fill(int *d, const sycl::nd_item<3> &item) { d[item.get_local_id(2)] = item.get_local_id(2); }

int main() {
  int *d, h[32];
  devStream_t s;
  s = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
  d = (int *)sycl::malloc_device(sizeof(h), gpuport_queue());
  s->parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { fill(d, item); });
  s->wait();
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  sycl::free(d, gpuport_queue());
  printf("%d\n", h[31]);
  return 0;
}
