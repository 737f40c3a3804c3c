// A CUDA build of a portable tree defines HIP's launch macro as a launch (cholla's gpu.hpp); each use is one.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// gpuport: the CUDA definition of hipLaunchKernelGGL was here

void scale(float *x, float a, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) x[i] *= a;
}

template <typename T>
void fill(T *x, T v, int n, const sycl::nd_item<3> &item, T *tile) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  tile[item.get_local_id(2)] = v;
  sycl::group_barrier(item.get_group());
  if (i < n) x[i] = tile[item.get_local_id(2)];
}

void run(float *d, int n, sycl::queue * s) {
  sycl::range<3> grid(1, 1, (n + 255) / 256), block(1, 1, 256);
  gpuport_queue().parallel_for(sycl::nd_range<3>(grid * block, block), [=](sycl::nd_item<3> item) { scale(d, 2.0f, n, item); });
  (s ? *s : gpuport_queue()).submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(256), cgh);
    cgh.parallel_for(sycl::nd_range<3>(grid * block, block), [=](sycl::nd_item<3> item) {
      fill<float>(d, 1.0f, n, item, &tile_acc[0]); });
  });
  gpuport_queue().wait();
}
