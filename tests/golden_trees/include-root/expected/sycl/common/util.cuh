#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#pragma once

inline float square(float x) { return x * x; }

#define CHECK(call)                  \
    do {                             \
        int err_ = (call);   \
        if (err_ != 0)     \
            return 1;                \
    } while (0)
