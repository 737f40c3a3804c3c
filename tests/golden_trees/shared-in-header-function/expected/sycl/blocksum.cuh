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
// A tile made by tiled_partition: its shuffles run on the sub-group, which holds whole tiles of at most
// its size (CUDA shuffles tiles of up to 32 threads; the kernel asks for 32-lane sub-groups). Lanes whose
// source lies outside their tile keep their own value, as CUDA's do.
struct gpuport_tile_group : gpuport_thread_group {
  sycl::sub_group sg;
  gpuport_tile_group(sycl::group<3> b, size_t tile, sycl::sub_group s) : gpuport_thread_group(b, tile), sg(s) {}
  unsigned lane() const { return sg.get_local_linear_id() % n; }
  template <typename T> T shfl_down(T v, unsigned d) const {
    T r = sycl::shift_group_left(sg, v, d);
    return lane() + d < n ? r : v;
  }
  template <typename T> T shfl_up(T v, unsigned d) const {
    T r = sycl::shift_group_right(sg, v, d);
    return lane() >= d ? r : v;
  }
  template <typename T> T shfl_xor(T v, unsigned m) const {
    T r = sycl::permute_group_by_xor(sg, v, m);
    return (lane() ^ m) < n ? r : v;
  }
  template <typename T> T shfl(T v, int src) const {
    unsigned l = sg.get_local_linear_id();
    return sycl::select_from_group(sg, v, l - l % n + (unsigned)src % n);
  }
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
