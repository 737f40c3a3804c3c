#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
void nop(const sycl::nd_item<3> &item) {}
int main() {
    sycl::event start, stop;
    start = gpuport_queue().single_task([] {});
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 1), sycl::range<3>(1, 1, 1)), [=](sycl::nd_item<3> item) { nop(item); });
    stop = gpuport_queue().single_task([] {});
    stop.wait();
    float ms = 0.f;
    ms = (stop.get_profiling_info<sycl::info::event_profiling::command_end>() - start.get_profiling_info<sycl::info::event_profiling::command_end>()) * 1e-6f;
    printf("TIME_MS %.4f\n", ms);
    return 0;
}
