// sizeof and range-for of static shared arrays, which the translation passes as pointers.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstring>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void sizes(int *out, const sycl::nd_item<3> &item, float *tile, int (*hist)[16]) {
  if (item.get_local_id(2) == 0) memset(hist, 0, (4 * sizeof(*hist)));
  for (int i = item.get_local_id(2); i < (64 * sizeof(*tile)) / sizeof(tile[0]); i += item.get_local_range(2)) tile[i] = 1.0f;
  sycl::group_barrier(item.get_group());
  if (item.get_local_id(2) == 0) {
    float s = 0;
    for (float v : *reinterpret_cast<float (*)[64]>(tile)) s += v;
    int h = 0;
    for (auto &row : *reinterpret_cast<int (*)[4][16]>(hist))
      for (int v : row) h += v;
    out[0] = (int)s;
    out[1] = h;
    out[2] = (int)(4 * sizeof(*hist));
  }
}

int main() {
  int *out;
  out = (int *)sycl::malloc_shared(3 * sizeof(int), gpuport_queue());
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(64), cgh);
    sycl::local_accessor<int, 1> hist_acc(sycl::range<1>(4 * 16), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) {
      sizes(out, item, &tile_acc[0], reinterpret_cast<int (*)[16]>(&hist_acc[0])); });
  });
  gpuport_queue().wait();
  printf("%d %d %d\n", out[0], out[1], out[2]);
  printf("%s\n", out[0] == 64 && out[1] == 0 && out[2] == 256 ? "PASS" : "FAIL");
  sycl::free(out, gpuport_queue());
  return 0;
}
