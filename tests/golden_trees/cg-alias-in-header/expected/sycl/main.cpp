#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#include "reduce.cuh"

void sums(const float *in, float *out, const sycl::nd_item<3> &item, float *smem)
{
    sycl::group<3> cta = item.get_group();
    float s = block_sum(cta, smem, in[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)], item);
    if (item.get_local_id(2) == 0)
        out[item.get_group(2)] = s;
}

int main()
{
    float *in, *out;
    in = (float *)sycl::malloc_shared(256 * sizeof(float), gpuport_queue());
    out = (float *)sycl::malloc_shared(2 * sizeof(float), gpuport_queue());
    for (int i = 0; i < 256; ++i)
        in[i] = 1.0f;
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> smem_acc(sycl::range<1>(128), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 2) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) {
        sums(in, out, item, &smem_acc[0]); });
    });
    gpuport_queue().wait();
    printf("%s\n", out[0] == 128.0f && out[1] == 128.0f ? "PASS" : "FAIL");
    return 0;
}
