#include <sycl/sycl.hpp>
#ifndef GPUPORT_SHFL_DOWN_WIDTH
#define GPUPORT_SHFL_DOWN_WIDTH
// CUDA __shfl_down_sync with a width: a lane whose source lies past its segment keeps its value.
template <typename T>
static inline T gpuport_shfl_down_width(const sycl::sub_group &sg, T v, unsigned delta, unsigned width) {
  const T moved = sycl::shift_group_left(sg, v, delta);
  return sg.get_local_linear_id() % width + delta < width ? moved : v;
}
#endif

// Preprocessor branches that are not whole constructs (qulacs, ggml): a function head written once per
// platform, and an `if (...) {` in one branch and a bare `{` in the other.
// The grammar cannot read both branches at once; the translation parses the CUDA one.
inline double shfl_down_double(
#ifdef __HIP_PLATFORM_AMD__
    double var, unsigned int lane, int width = 64) {
  return __shfl_down(var, lane, width);
#else
    double var, unsigned int lane, const sycl::nd_item<3> &item, int width = 32) {
  return gpuport_shfl_down_width(item.get_sub_group(), var, lane, width);
#endif
}

double warp_sum(double v, const sycl::nd_item<3> &item) {
  for (int offset = 16; offset > 0; offset /= 2) {
#ifdef __HIP_PLATFORM_AMD__
    v += sycl::shift_group_left(item.get_sub_group(), v, offset);
#else
    v += shfl_down_double(v, offset, item);
#endif
  }
  return v;
}

void sums(const double *x, double *out, int n, const sycl::nd_item<3> &item) {
  const int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
#if defined(CHECK_BOUNDS)
  if (i < n) {
#else
  {
#endif
    const double s = warp_sum(x[i], item);
    if (item.get_sub_group().get_local_linear_id() == 0) out[i / 32] = s;
  }
}
