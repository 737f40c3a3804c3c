// C-style error handling jumps past the events' declaration (NVIDIA's transpose post): a sycl::event
// has a constructor, so the declaration moves to the top of the function.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void fill(float *x, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] = 1.0f; }

int run(float *x) {
  sycl::event start, stop;
    int rc = 0;
    if (x == nullptr) goto error_exit;
    {
        sycl::event startEvent, stopEvent;
        (void)startEvent;
    }
    start = gpuport_queue().single_task([] {});
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { fill(x, item); });
    stop = gpuport_queue().single_task([] {});
    stop.wait();
    float ms;
    ms = (stop.get_profiling_info<sycl::info::event_profiling::command_end>() - start.get_profiling_info<sycl::info::event_profiling::command_end>()) * 1e-6f;
    printf("%f\n", ms >= 0 ? 1.0 : 0.0);
    return rc;
error_exit:
    printf("error\n");
    return 1;
}

int main() {
    float *x;
    x = (float *)sycl::malloc_device(32 * sizeof(float), gpuport_queue());
    return run(x);
}
