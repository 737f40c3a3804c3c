// CUDA events are pointers: created on demand, 0 until then, tested before being destroyed (the CUDA
// Handbook's cleanup after `Error:`). A sycl::event always exists.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void k(float *p, const sycl::nd_item<3> &item) { p[item.get_local_id(2)] += 1.0f; }

int main()
{
    sycl::event evStart = sycl::event(), evStop = sycl::event();
    float *d = 0, ms = 0.0f;
    d = (float *)sycl::malloc_device(32 * sizeof(float), gpuport_queue());
    evStart = gpuport_queue().single_task([] {});
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { k(d, item); });
    evStop = gpuport_queue().single_task([] {});
    evStop.wait();
    ms = (evStop.get_profiling_info<sycl::info::event_profiling::command_end>() - evStart.get_profiling_info<sycl::info::event_profiling::command_end>()) * 1e-6f;
    printf("%s\n", ms >= 0.0f ? "PASS" : "FAIL");
    if ( true ) {}
    if ( true && false ) printf("unreachable\n");
    sycl::free(d, gpuport_queue());
    return 0;
}
