#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#pragma once
#if 1 /* was: #ifdef __CUDACC__ */
#define DEVICE 
#define HOST_DEVICE inline 
#else
#define DEVICE
#define HOST_DEVICE inline
#endif
