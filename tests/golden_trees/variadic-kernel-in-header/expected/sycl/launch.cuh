#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#pragma once
#define LAUNCH_BOUNDS(box) 

struct box_t {
    enum { nt = 64, occ = 2 };
};

template <typename box, typename func_t, typename... args_t>
LAUNCH_BOUNDS(box)
void cta_kernel(func_t f, int count, const sycl::nd_item<3> &item, args_t... args) {
    int tid = item.get_local_id(2) % box::nt;
    int cta = item.get_group(2);
    f(tid, cta, count, args...);
}

template <typename box, typename func_t, typename... args_t>
void cta_launch(func_t f, int ctas, int count, args_t... args) {
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, ctas) * sycl::range<3>(1, 1, box::nt), sycl::range<3>(1, 1, box::nt)), [=](sycl::nd_item<3> item) { cta_kernel<box, func_t>(f, count, item, args...); });
}
