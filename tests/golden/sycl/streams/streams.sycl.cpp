#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
void inc(int *p, const sycl::nd_item<3> &item) { p[item.get_local_id(2)] += 1; }
int main() {
    int *d;
    d = (int *)sycl::malloc_device(64 * sizeof(int), gpuport_queue());
    sycl::queue * s;
    s = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
    s->memset(d, 0, 64 * sizeof(int));
    s->parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) { inc(d, item); });
    s->wait();
    delete s;
    sycl::free(d, gpuport_queue());
    return 0;
}
