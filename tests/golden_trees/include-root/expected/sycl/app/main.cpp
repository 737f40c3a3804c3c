#include <sycl/sycl.hpp>
#include <util.cuh>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void squares(float *a, int n, const sycl::nd_item<3> &item)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        a[i] = square(a[i]);
}

int main()
{
    float *d;
    CHECK((d = (float *)sycl::malloc_device(64 * sizeof(float), gpuport_queue()), 0));
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) { squares(d, 64, item); });
    CHECK((gpuport_queue().wait(), 0));
    CHECK((sycl::free(d, gpuport_queue()), 0));
    return 0;
}
