#ifndef BLOCKSUM_CUH
#define BLOCKSUM_CUH
#include <sycl/sycl.hpp>
#ifndef GPUPORT_THREAD_GROUP
#define GPUPORT_THREAD_GROUP
struct gpuport_thread_group {
  sycl::group<3> block;
  size_t n;  // threads per tile (the whole block for a thread block)
  gpuport_thread_group(sycl::group<3> b) : block(b), n(b.get_local_linear_range()) {}
  gpuport_thread_group(sycl::group<3> b, size_t tile) : block(b), n(tile) {}
  unsigned long long thread_rank() const { return block.get_local_linear_id() % n; }
  unsigned long long size() const { return n; }
  unsigned long long num_threads() const { return n; }
  unsigned long long meta_group_rank() const { return block.get_local_linear_id() / n; }
  unsigned long long meta_group_size() const { return (block.get_local_linear_range() + n - 1) / n; }
  void sync() const { sycl::group_barrier(block); }
};
#endif

// Sum of v over the group g; every thread gets the result. Uses a shared scratch of its own.
inline int group_sum(gpuport_thread_group g, int v, const sycl::nd_item<3> &item, int *scratch) {
    unsigned base = item.get_local_id(2) - g.thread_rank();
    scratch[item.get_local_id(2)] = v;
    g.sync();
    for (unsigned s = g.size() / 2; s > 0; s /= 2) {
        if (g.thread_rank() < s) scratch[item.get_local_id(2)] += scratch[item.get_local_id(2) + s];
        g.sync();
    }
    int r = scratch[base];
    g.sync();
    return r;
}
#endif
