#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>
#include "kernels.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

int main()
{
    const int n = 4 * BLOCK;
    std::vector<float> h(n, 1.0f);
    float *d_in, *d_out;
    d_in = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    d_out = (float *)sycl::malloc_device(4 * sizeof(float), gpuport_queue());
    gpuport_queue().memcpy(d_in, h.data(), n * sizeof(float)).wait();
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> partial_acc(sycl::range<1>(static_cast<size_t>(BLOCK)), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / BLOCK) * sycl::range<3>(1, 1, BLOCK), sycl::range<3>(1, 1, BLOCK)), [=](sycl::nd_item<3> item) {
        block_sum(d_in, d_out, n, item, &partial_acc[0]); });
    });
    float sums[4];
    gpuport_queue().memcpy(sums, d_out, sizeof(sums)).wait();
    bool ok = true;
    for (int b = 0; b < 4; ++b)
        ok = ok && sums[b] == (float)BLOCK;
    printf("%s\n", ok ? "PASS" : "FAIL");
    sycl::free(d_in, gpuport_queue());
    sycl::free(d_out, gpuport_queue());
    return ok ? 0 : 1;
}
