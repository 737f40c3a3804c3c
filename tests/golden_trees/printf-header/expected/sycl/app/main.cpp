#include <sycl/sycl.hpp>
#include "../lib/trace.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void scale(float *x, int n, float a, const sycl::nd_item<3> &item, const sycl::stream &gpuport_out)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) {
        x[i] *= a;
        if (i == 0)
            trace("scaled", i, x[i], gpuport_out);
    }
}

int main()
{
    const int n = 8;
    float *x;
    x = (float *)sycl::malloc_shared(n * sizeof(float), gpuport_queue());
    for (int i = 0; i < n; ++i)
        x[i] = i;
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::stream gpuport_out(1 << 20, 1024, cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) {
        scale(x, n, 2.0f, item, gpuport_out); });
    });
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::stream gpuport_out(1 << 20, 1024, cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) {
        dump(x, n, item, gpuport_out); });
    });
    gpuport_queue().wait();
    printf("RESULT x7 %.1f\n", x[7]);
    sycl::free(x, gpuport_queue());
    return 0;
}
