// A driver that includes a source file at its end (PolyBench's `#include <polybench.c>`): the SYCL
// prelude goes after the header block at the top, not after the last include of the file.
#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void fill(float *a, float v, int n, const sycl::nd_item<3> &item)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        a[i] = v;
}

int main()
{
    float *d;
    d = (float *)sycl::malloc_device(256 * sizeof(float), gpuport_queue());
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { fill(d, 1.0f, 256, item); });
    gpuport_queue().wait();
    sycl::free(d, gpuport_queue());
    printf("done\n");
    return 0;
}

#include "late_helpers.h"
