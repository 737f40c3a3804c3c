#include <sycl/sycl.hpp>
#include <vector>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
template <typename T>
void axpy(int n, T a, const T *x, T *y, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) y[i] = a * x[i] + y[i];
}
void grid2d(float *out, int w, int h, const sycl::nd_item<3> &item) {
    int x = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    int y = item.get_group(1) * item.get_local_range(1) + item.get_local_id(1);
    if (x < w && y < h) out[y * w + x] = 1.0f;
}
void host(std::vector<float> &v, float *d_x, float *d_y, int n, int w, int h, sycl::queue * stream) {
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { axpy<float>(n, 2.0f, d_x, d_y, item); });
    (stream ? *stream : gpuport_queue()).parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { axpy(n, 2.0f, d_x, d_y, item); });
    sycl::range<3> block(1, 16, 16);
    sycl::range<3> grid(1, (h + block[1] - 1) / block[1], (w + block[2] - 1) / block[2]);
    gpuport_queue().parallel_for(sycl::nd_range<3>(grid * block, block), [=](sycl::nd_item<3> item) { grid2d(d_x, w, h, item); });
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 4, 4) * sycl::range<3>(1, 8, 8), sycl::range<3>(1, 8, 8)), [=, arg1 = (int)v.size()](sycl::nd_item<3> item) { grid2d(d_y, arg1, h, item); });
}
