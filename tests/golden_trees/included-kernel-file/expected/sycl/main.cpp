#include <sycl/sycl.hpp>
#include <cstdio>
#include <cstdlib>
#include "kernels.cpp"
#include "params.h"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

int main()
{
    const int rows = 4 * HEIGHT, n = rows * WIDTH;
    float *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; ++i)
        h[i] = 1.0f;
    float *d_in, *d_out;
    d_in = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    d_out = (float *)sycl::malloc_device(rows * sizeof(float), gpuport_queue());
    gpuport_queue().memcpy(d_in, h, n * sizeof(float)).wait();
    sycl::range<3> block(1, HEIGHT, WIDTH);
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile_acc(sycl::range<1>(HEIGHT * WIDTH), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, rows / HEIGHT) * block, block), [=](sycl::nd_item<3> item) {
        tile_sum(d_in, d_out, n, item, reinterpret_cast<float (*)[WIDTH]>(&tile_acc[0])); });
    });
    gpuport_queue().memcpy(h, d_out, rows * sizeof(float)).wait();
    Sample s = make_sample(1.0f, 2.0f, 3);
    bool ok = s.pos.y == 2.0f;
    for (int r = 0; r < rows; ++r)
        ok = ok && h[r] == (float)WIDTH;
    printf("%s\n", ok ? "PASS" : "FAIL");
    sycl::free(d_in, gpuport_queue());
    sycl::free(d_out, gpuport_queue());
    free(h);
    return ok ? 0 : 1;
}
