#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void scale(float *x, float a, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) x[i] *= a;
}

int main() {
    const int n = 1 << 16;
    float *d_x;
    d_x = (float *)sycl::malloc_device(n * sizeof(float), gpuport_queue());
    sycl::queue * streams[2];
    sycl::event ready;
    streams[0] = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
    streams[1] = new sycl::queue(gpuport_queue().get_context(), gpuport_queue().get_device(), sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}});
    (streams[0])->parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { scale(d_x, 2.0f, n, item); });
    ready = (streams[0])->single_task([] {});
    (streams[1])->submit([&](sycl::handler &gp_h) { gp_h.depends_on(ready); gp_h.single_task([] {}); });
    (streams[1])->parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { scale(d_x, 0.5f, n, item); });
    int err = (gpuport_queue().submit([&](sycl::handler &gp_h) { gp_h.depends_on(ready); gp_h.single_task([] {}); }), 0);
    (streams[1])->wait();
    gpuport_queue().wait();
    delete streams[0];
    delete streams[1];
    sycl::free(d_x, gpuport_queue());
    return err;
}
