#include <sycl/sycl.hpp>
#include <cstdio>
#include "blocksum.cuh"
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
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

void sums(int *block_total, int *tile_totals, const sycl::nd_item<3> &item, int *gp_group_sum_scratch) {
    sycl::group<3> block = item.get_group();
    int all = group_sum(block, 1, item, gp_group_sum_scratch);
    gpuport_tile_group tile16 = gpuport_tile_group(block, 16, item.get_sub_group());
    int part = group_sum(tile16, (int)tile16.thread_rank(), item, gp_group_sum_scratch);
    gpuport_thread_group quarter = gpuport_tile_group(block, 64, item.get_sub_group());
    int q = group_sum(quarter, 2, item, gp_group_sum_scratch);
    if (block.get_local_linear_id() == 0) *block_total = all + q;
    if (tile16.thread_rank() == 0) tile_totals[tile16.meta_group_rank()] = part;
}

int main() {
    int *total, *tiles, h_total = 0, h_tiles[16];
    total = (int *)sycl::malloc_device(sizeof(int), gpuport_queue());
    tiles = (int *)sycl::malloc_device(16 * sizeof(int), gpuport_queue());
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<int, 1> gp_group_sum_scratch_acc(sycl::range<1>(256), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) [[sycl::reqd_sub_group_size(32)]] {
        sums(total, tiles, item, &gp_group_sum_scratch_acc[0]); });
    });
    gpuport_queue().memcpy(&h_total, total, sizeof(int)).wait();
    gpuport_queue().memcpy(h_tiles, tiles, sizeof(h_tiles)).wait();
    int bad = h_total != 256 + 128;
    for (int t = 0; t < 16; ++t) bad += h_tiles[t] != 120;
    printf("%s %d\n", bad ? "FAIL" : "PASS", h_total);
    return 0;
}
