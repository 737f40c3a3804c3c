#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
inline unsigned int *gpuport_symbol_g_head() {
  static unsigned int *p = [] {
    unsigned int *m = sycl::malloc_device<unsigned int>(1, gpuport_queue());
    gpuport_queue().memset(m, 0, 1 * sizeof(unsigned int)).wait();
    return m;
  }();
  return p;
}
void drain(const int *in, int *out, unsigned n, const sycl::nd_item<3> &item, int *part, unsigned int &g_head) {
    const unsigned lane = item.get_sub_group().get_local_linear_id(), warp = item.get_local_linear_id() / item.get_sub_group().get_max_local_range()[0];
    unsigned base = 0;
    if (lane == 0) base = sycl::atomic_ref<unsigned int, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(g_head).fetch_add(static_cast<unsigned int>(static_cast<unsigned>(item.get_sub_group().get_local_range()[0])));
    base = sycl::group_broadcast(item.get_sub_group(), base, 0);
    if (base + lane < n) out[base + lane] = in[base + lane];
    if (lane == 0) part[warp] = base;
    sycl::group_barrier(item.get_group());
    if (item.get_local_id(2) == 0) out[0] = part[0];
}
