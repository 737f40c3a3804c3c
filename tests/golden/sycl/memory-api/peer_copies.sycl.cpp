// Peer copies between devices, on a stream, the per-thread default stream and synchronously.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void mirror(float *dst, const float *src, size_t n, sycl::queue * stream) {
  (stream ? *stream : gpuport_queue()).memcpy(dst, src, n * sizeof(float));
  gpuport_queue().memcpy(dst, src, n * sizeof(float));
  gpuport_queue().memcpy(dst, src, n * sizeof(float)).wait();
  sycl::queue * own = &gpuport_queue();
  (own ? *own : gpuport_queue()).wait();
}
