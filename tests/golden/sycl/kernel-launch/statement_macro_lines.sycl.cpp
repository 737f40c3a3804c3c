// Timing macros used as statements with no semicolon (Rodinia's dwt2d): the launch between them
// must still be found and translated.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#define PERF_BEGIN
#define PERF_END(NAME, W, H)

void scale(float *v, float s, int n, const sycl::nd_item<3> &item)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        v[i] *= s;
}

void run(float *d, int n)
{
    PERF_BEGIN
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 255) / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { scale(d, 2.0f, n, item); });
    PERF_END("        scale", n, 1)
    gpuport_queue().wait();
}
