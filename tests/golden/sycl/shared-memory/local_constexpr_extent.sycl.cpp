// Shared arrays sized by constants the kernel declares itself (quantumlib qsim's gate kernels): the
// extents are written at the launch and in the kernel's new parameters, where those locals do not exist.
// The launch names G only: fp_type and idx_type are deduced from a cast and from a struct member.
#include <sycl/sycl.hpp>
#include <cstdint>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
template <unsigned G, typename fp_type, typename idx_type>
void ApplyGate(const fp_type *v0, const idx_type *xss0, fp_type *state, const sycl::nd_item<3> &item, idx_type *xss, fp_type *v, fp_type (*rs0)[static_cast<unsigned>(static_cast<unsigned>(1 << G) + 1)]) {
  constexpr unsigned gsize = 1 << G;
  constexpr unsigned rows = G < 4 ? gsize : (sizeof(fp_type) == 4 ? 8 : 16);
  const unsigned pad = gsize + 1;
  if (item.get_local_id(2) < gsize) xss[item.get_local_id(2)] = xss0[item.get_local_id(2)];
  for (unsigned m = 0; m < 2 * gsize * rows; m += 32) v[m + item.get_local_id(2)] = v0[m + item.get_local_id(2)];
  sycl::group_barrier(item.get_group());
  for (unsigned k = 0; k < gsize; ++k) rs0[item.get_local_id(2)][k] = state[xss[k] + item.get_local_id(2)];
  sycl::group_barrier(item.get_group());
  state[item.get_local_id(2)] = rs0[item.get_local_id(2)][0] * v[0];
}
struct Indices {
  uint64_t *xss;
  uint64_t *ms;
};
template <unsigned G> void Apply(void *ws, Indices d_i, float *state) {
  gpuport_queue().submit([&](sycl::handler &cgh) {
    sycl::local_accessor<uint64_t, 1> xss_acc(sycl::range<1>(64), cgh);
    sycl::local_accessor<float, 1> v_acc(sycl::range<1>((2 * static_cast<unsigned>(1 << G) * static_cast<unsigned>(G < 4 ? static_cast<unsigned>(1 << G) : (sizeof(float) == 4 ? 8 : 16)))), cgh);
    sycl::local_accessor<float, 1> rs0_acc(sycl::range<1>(32 * (static_cast<unsigned>(static_cast<unsigned>(1 << G) + 1))), cgh);
    cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) {
      ApplyGate<G>((float *)ws, d_i.xss, state, item, &xss_acc[0], &v_acc[0], reinterpret_cast<float (*)[static_cast<unsigned>(static_cast<unsigned>(1 << G) + 1)]>(&rs0_acc[0])); });
  });
}
template void Apply<2>(void *, Indices, float *);
