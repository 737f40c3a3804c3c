// blocksparse and TensorFlow ops take the driver API's CUstream: the same stream as cudaStream_t.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
void k(float *p, const sycl::nd_item<3> &item) { p[item.get_local_id(2)] = 1.f; }
void run(sycl::queue * stream, float *p) { sycl::queue *a, *b; (stream ? *stream : gpuport_queue()).parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { k(p, item); }); }
