// __CUDA_ARCH__ where only nvcc's device pass sees it: inside kernels and __device__ functions, and around
// file-level device functions. The SYCL compile defines no such macro, so the tests read sm_90's answer
// (bf16TensorCoreGemm's whole kernel body is `#if __CUDA_ARCH__ >= 800`). In a __host__ __device__
// function the test chooses between host and device passes: left as it is.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#if 900 >= 700
int bump(int a) { return a + 1; }
#endif

void fill(int *x, const sycl::nd_item<3> &item) {
#if 900 >= 800
  x[item.get_local_id(2)] = bump(8);
#elif 1
  x[item.get_local_id(2)] = 7;
#else
  x[item.get_local_id(2)] = 0;
#endif
#if 0 /* was: #ifndef __CUDA_ARCH__ */
  x[item.get_local_id(2)] = -1;
#endif
}

int pass_id() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}

int main() {
  int *d, h[4];
  d = (int *)sycl::malloc_device(sizeof(h), gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 4), sycl::range<3>(1, 1, 4)), [=](sycl::nd_item<3> item) { fill(d, item); });
  gpuport_queue().memcpy(h, d, sizeof(h)).wait();
  printf("%d %d %d\n", h[0], h[3], pass_id());
  sycl::free(d, gpuport_queue());
  return 0;
}
