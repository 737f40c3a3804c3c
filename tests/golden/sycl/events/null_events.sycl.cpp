#include <sycl/sycl.hpp>
#include <vector>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
struct Ctx {
  sycl::event copy_event = sycl::event();
  std::vector<sycl::event> joins;
  ~Ctx() {
    if (true) {}
    for (sycl::event e : joins) {
      if (true) {}
    }
  }
};
void reset(Ctx &c) {
  sycl::event evs[2] = {sycl::event(), sycl::event()};
  sycl::event a = sycl::event();
  if (false) {}
  c.copy_event = sycl::event();
  evs[0] = sycl::event();
  a = gpuport_queue().single_task([] {});
  a.wait();
}
