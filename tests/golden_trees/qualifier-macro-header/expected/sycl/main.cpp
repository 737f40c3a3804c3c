#include <sycl/sycl.hpp>
#include <cstdio>
#include "loadstore.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void block_sums(const float *in, float *out, const sycl::nd_item<3> &item, float *tile) {
    reg_to_shared<64>(tile, in[item.get_group(2) * 64 + item.get_local_id(2)], item);
    float all = shared_sum<64>(tile);
    float half = shared_sum<64>(tile, 32);
    sycl::group_barrier(item.get_group());
    reg_to_shared<64>(tile, 0.0f, item, false);
    if (item.get_local_id(2) == 0) out[item.get_group(2)] = all + twice(half);
}

int main() {
    float h[128], sums[2], *in, *out;
    for (int i = 0; i < 128; i++) h[i] = (float)(i % 7);
    in = (float *)sycl::malloc_device(sizeof(h), gpuport_queue());
    out = (float *)sycl::malloc_device(sizeof(sums), gpuport_queue());
    gpuport_queue().memcpy(in, h, sizeof(h)).wait();
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(64), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 2) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) {
        block_sums(in, out, item, &tile_acc[0]); });
    });
    gpuport_queue().memcpy(sums, out, sizeof(sums)).wait();
    int bad = 0;
    for (int b = 0; b < 2; b++) {
        float all = 0, half = 0;
        for (int i = 0; i < 64; i++) all += h[b * 64 + i];
        for (int i = 0; i < 32; i++) half += h[b * 64 + i];
        bad += sums[b] != all + 2 * half;
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return 0;
}
