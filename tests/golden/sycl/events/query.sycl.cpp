// Polling a stream and an event (nbody's `cudaStreamQuery(0)` flush): the queries answer CUDA's values,
// 0 when done and cudaErrorNotReady (600) when not, so polling loops end.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void work(float *x, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] += 1.0f; }

int poll(float *x, sycl::queue * s) {
  sycl::event done;
  (s ? *s : gpuport_queue()).parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { work(x, item); });
  done = (s ? *s : gpuport_queue()).single_task([] {});
  int spins = 0;
  while ((done.get_info<sycl::info::event::command_execution_status>() == sycl::info::event_command_status::complete ? 0 : 600) == 600) spins++;
  gpuport_queue().wait();
  if (((s ? *s : gpuport_queue()).wait(), 0) != 0) return -1;
  return spins;
}
