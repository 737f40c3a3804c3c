#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#pragma once
#ifdef __HIP_PLATFORM_AMD__
#include <hip/hip_runtime.h>
#define gpuMalloc hipMalloc
#define gpuMemcpy hipMemcpy
#define gpuFree hipFree
#define gpuMemcpyHostToDevice hipMemcpyHostToDevice
#define gpuMemcpyDeviceToHost hipMemcpyDeviceToHost
#define gpuDeviceSynchronize hipDeviceSynchronize
#else
#include <sycl/sycl.hpp>
// gpuport: `gpuMalloc` stood for `cudaMalloc`, translated where it is used
// gpuport: `gpuMemcpy` stood for `cudaMemcpy`, translated where it is used
// gpuport: `gpuFree` stood for `cudaFree`, translated where it is used
#define gpuMemcpyHostToDevice 1
#define gpuMemcpyDeviceToHost 2
// gpuport: `gpuDeviceSynchronize` stood for `cudaDeviceSynchronize`, translated where it is used
#endif
