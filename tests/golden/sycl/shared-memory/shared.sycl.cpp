#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#define TILE 32
void transpose(const float *in, float *out, int n, const sycl::nd_item<3> &item, float (*tile)[TILE + 1], int &count) {
    int x = item.get_group(2) * TILE + item.get_local_id(2), y = item.get_group(1) * TILE + item.get_local_id(1);
    if (item.get_local_id(2) == 0 && item.get_local_id(1) == 0) count = 0;
    tile[item.get_local_id(1)][item.get_local_id(2)] = in[y * n + x];
    sycl::group_barrier(item.get_group());
    out[x * n + y] = tile[item.get_local_id(2)][item.get_local_id(1)] + count;
}
template <typename T>
void block_sum(const T *in, T *out, const sycl::nd_item<3> &item, T *buf) {
    buf[item.get_local_id(2)] = in[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)];
    sycl::group_barrier(item.get_group());
    if (item.get_local_id(2) == 0) { T s = 0; for (unsigned i = 0; i < item.get_local_range(2); ++i) s += buf[i]; out[item.get_group(2)] = s; }
}
void run(const float *in, float *out, int n) {
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(TILE * (TILE + 1)), cgh);
      sycl::local_accessor<int, 1> count_acc(sycl::range<1>(1), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, n / TILE, n / TILE) * sycl::range<3>(1, TILE, TILE), sycl::range<3>(1, TILE, TILE)), [=](sycl::nd_item<3> item) {
        transpose(in, out, n, item, reinterpret_cast<float (*)[TILE + 1]>(&tile_acc[0]), count_acc[0]); });
    });
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> buf_acc(sycl::range<1>((256 * sizeof(float)) / sizeof(float)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) {
        block_sum<float>(in, out, item, &buf_acc[0]); });
    });
}
