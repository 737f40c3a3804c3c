// qsim's block reductions: a template device function in a namespace owns shared memory typed by its
// first template parameter and sized by a defaulted one; the kernel calls it `detail::block_sum<T>(...)`
// with the other parameters deduced. The launch declares the memory with the kernel's T and the default.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

namespace detail {
template <typename T, typename Op, unsigned warp_size = 32>
T block_sum(const T *in, Op op, const sycl::nd_item<3> &item, T *partial) {
  unsigned lane = item.get_local_id(2) % warp_size, warp = item.get_local_id(2) / warp_size;
  if (item.get_local_id(2) < warp_size) partial[item.get_local_id(2)] = T(0);
  sycl::group_barrier(item.get_group());
  T v = in[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)];
  for (unsigned i = 0; i < warp_size; ++i) {
    if (lane == i) partial[warp] = op(partial[warp], v);
    sycl::group_barrier(item.get_group());
  }
  T total = T(0);
  for (unsigned w = 0; w < item.get_local_range(2) / warp_size; ++w) total = op(total, partial[w]);
  return total;
}
}  // namespace detail

struct Plus {
  template <typename T>
  T operator()(T a, T b) const { return a + b; }
};

template <typename T>
void sums(const T *in, T *out, const sycl::nd_item<3> &item, T *gp_block_sum_partial) {
  T s = detail::block_sum<T>(in, Plus(), item, gp_block_sum_partial);
  if (item.get_local_id(2) == 0) out[item.get_group(2)] = s;
}

int main() {
  const int blocks = 2, threads = 64;
  float h[blocks * threads];
  for (int i = 0; i < blocks * threads; ++i) h[i] = (float)(i % 7);
  float *d_in, *d_out;
  d_in = (float *)sycl::malloc_device(sizeof(h), gpuport_queue());
  d_out = (float *)sycl::malloc_device(blocks * sizeof(float), gpuport_queue());
  gpuport_queue().memcpy(d_in, h, sizeof(h)).wait();
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<float, 1> gp_block_sum_partial_acc(sycl::range<1>(32), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, blocks) * sycl::range<3>(1, 1, threads), sycl::range<3>(1, 1, threads)), [=](sycl::nd_item<3> item) {
      sums<float>(d_in, d_out, item, &gp_block_sum_partial_acc[0]); });
  });
  float r[blocks];
  gpuport_queue().memcpy(r, d_out, sizeof(r)).wait();
  printf("%g %g\n", r[0], r[1]);
  return 0;
}
