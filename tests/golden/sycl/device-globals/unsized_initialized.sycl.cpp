// `__constant__ T a[] = {...}` takes its extent from the initializer (the CUDA samples' DCT matrices).
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

inline float *gpuport_symbol_weights() {
  static float *p = [] {
    float *m = sycl::malloc_device<float>(3, gpuport_queue());
    const float init[3] = {0.25f, 0.5f, 0.25f};
    gpuport_queue().memcpy(m, init, sizeof(init)).wait();
    return m;
  }();
  return p;
}

void smooth(const float *in, float *out, int n, const sycl::nd_item<3> &item, float *weights)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i > 0 && i < n - 1)
        out[i] = weights[0] * in[i - 1] + weights[1] * in[i] + weights[2] * in[i + 1];
}
