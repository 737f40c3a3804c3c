// The source needs the same width-shuffle helper family as its header (a guarded helper is defined once),
// launches through the header's variadic launcher and rounds with CUDA's rounding-mode intrinsics.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <utility>
#include "reduce.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#ifndef GPUPORT_SHFL_XOR_WIDTH
#define GPUPORT_SHFL_XOR_WIDTH
// CUDA __shfl_xor_sync with a width: a lane whose partner lies in a later segment keeps its value.
template <typename T>
static inline T gpuport_shfl_xor_width(const sycl::sub_group &sg, T v, unsigned mask, unsigned width) {
  const T moved = sycl::permute_group_by_xor(sg, v, mask);
  const unsigned lane = sg.get_local_linear_id();
  return (lane ^ mask) < (lane / width + 1) * width ? moved : v;
}
#endif

void sums(const float *x, int *out, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  float v = i < n ? x[i] : 0.0f;
  v = segment_sum(v, item) + gpuport_shfl_xor_width(item.get_sub_group(), v, 1, 8);
  if (i < n) out[i] = ([](float gp_x) { return static_cast<int>(sycl::rint(gp_x)); })(([](float gp_a, float gp_b) { float gp_r = gp_a * gp_b; float gp_e = sycl::fma(gp_a, gp_b, -gp_r); if ((gp_r > 0 && gp_e < 0) || (gp_r < 0 && gp_e > 0)) gp_r = sycl::nextafter(gp_r, float(0)); return gp_r; })(v, 0.5f));
}

// sums passed to a generic launcher (GP263)
inline void gpuport_launch_sums(sycl::range<3> gpuport_grid, sycl::range<3> gpuport_block, size_t gpuport_shmem, sycl::queue &gpuport_q, const float *x, int *out, int n) {
  gpuport_q.submit([&](sycl::handler &cgh) {
    cgh.parallel_for(sycl::nd_range<3>(gpuport_grid * gpuport_block, gpuport_block), [=](sycl::nd_item<3> item) [[sycl::reqd_sub_group_size(32)]] { sums(x, out, n, item); });
  });
}

int main() {
  const int n = 64;
  float *x;
  int *out;
  x = (float *)sycl::malloc_shared(n * sizeof(float), gpuport_queue());
  out = (int *)sycl::malloc_shared(n * sizeof(int), gpuport_queue());
  for (int i = 0; i < n; ++i) x[i] = 1.0f;
  launch(gpuport_launch_sums, (n + 31) / 32, 32, 0, x, out, n);
  gpuport_queue().wait();
  printf("%d\n", out[0]);
  return 0;
}
