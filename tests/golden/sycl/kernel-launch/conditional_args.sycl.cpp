#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
// An argument and a parameter that exist in one configuration only (convolutionFFT2D's texture path):
// the directives sit inside the parentheses, and what the port appends (the nd_item, a device function's
// item) must come after them, so it is there in both configurations.
#ifndef USE_SCALE
#define USE_SCALE 1
#endif

float apply(float v
#if (USE_SCALE)
                       , float s
#endif
, const sycl::nd_item<3> &item) {
  float r = v * (1.0f + item.get_local_id(2) * 0.0f);
#if (USE_SCALE)
  r *= s;
#endif
  return r;
}

void fill(float *out, int n
#if (USE_SCALE)
                     , float scale
#endif
, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) out[i] = apply(1.0f
#if (USE_SCALE)
                            , scale
#endif
  , item);
}

void run(float *d_out, int n, float scale) {
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, (n + 127) / 128) * sycl::range<3>(1, 1, 128), sycl::range<3>(1, 1, 128)), [=](sycl::nd_item<3> item) { fill(d_out, n
#if (USE_SCALE)
                                 , scale
#endif
  , item); });
}
