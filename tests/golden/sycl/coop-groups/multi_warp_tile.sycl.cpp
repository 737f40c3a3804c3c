#include <sycl/sycl.hpp>
#include <cstdio>
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
#ifndef GPUPORT_BLOCK_TILE_MEMORY
#define GPUPORT_BLOCK_TILE_MEMORY
// cooperative_groups::block_tile_memory: unused (tile collectives use work-group algorithms)
template <unsigned int MaxBlockSize = 1024> struct gpuport_block_tile_memory {
  unsigned char unused;
};
#endif
#ifndef GPUPORT_GROUP_REDUCE
#define GPUPORT_GROUP_REDUCE
// cooperative_groups::reduce: a SYCL group (work-group, sub-group) reduces with SYCL's algorithm
template <class G, class T, class Op> inline T gpuport_reduce(G g, T v, Op op) {
  return sycl::reduce_over_group(g, v, op);
}
#endif
#ifndef GPUPORT_THREAD_GROUP_REDUCE
#define GPUPORT_THREAD_GROUP_REDUCE
// cooperative_groups::reduce over a tile of the block: one work-group reduction per tile, other tiles
// contributing the identity; every work-item of the block must reach it (the whole block converged)
template <class T, class Op> inline T gpuport_reduce(const gpuport_thread_group &g, T v, Op op) {
  const unsigned long long mine = g.meta_group_rank();
  T out = v;
  for (unsigned long long t = 0; t < g.meta_group_size(); ++t) {
    T r = sycl::reduce_over_group(g.block, t == mine ? v : sycl::known_identity_v<Op, T>, op);
    if (t == mine) out = r;
  }
  return out;
}
// a tile made by tiled_partition is reduced the same way (an exact match for the generic template otherwise)
template <class T, class Op> inline T gpuport_reduce(const gpuport_tile_group &g, T v, Op op) {
  return gpuport_reduce(static_cast<const gpuport_thread_group &>(g), v, op);
}
#endif

template <typename T, typename Group> T group_sum(T in, Group &threads) {
    return gpuport_reduce(threads, in, sycl::plus<T>());
}

// one sum per tile of 32 lanes (the sub-group) ...
template <class T> void warp_sums(const T *in, T *out, const sycl::nd_item<3> &item) {
    sycl::group<3> block = item.get_group();
    sycl::sub_group tile = item.get_sub_group();
    T v = group_sum(in[block.get_group_id(2) * block.get_local_linear_range() + block.get_local_linear_id()], tile);
    if (tile.get_local_linear_id() == 0) out[block.get_group_id(2) * tile.get_group_linear_range() + tile.get_group_linear_id()] = v;
}

// ... and per tile larger than a warp, with the scratch memory such tiles need
template <class T, size_t BlockSize, size_t TileSize> void tile_sums(const T *in, T *out, T *maxima, const sycl::nd_item<3> &item, gpuport_block_tile_memory<BlockSize> &scratch) {
    auto block = item.get_group();
    auto tile = gpuport_tile_group(block, TileSize, item.get_sub_group());
    const T x = in[item.get_group(2) * BlockSize + item.get_local_id(2)];
    T v = group_sum(x, tile);
    T m = gpuport_reduce(tile, x, sycl::maximum<T>());
    if (tile.thread_rank() == 0) {
        out[item.get_group(2) * tile.meta_group_size() + tile.meta_group_rank()] = v;
        maxima[item.get_group(2) * tile.meta_group_size() + tile.meta_group_rank()] = m;
    }
    sycl::group_barrier(block);
}

int main() {
    const int n = 512;
    int h[n], sums[n], maxima[n];
    for (int i = 0; i < n; ++i) h[i] = (i * 7) % 13;
    int *d_in, *d_out, *d_max;
    d_in = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
    d_out = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
    d_max = (int *)sycl::malloc_device(n * sizeof(int), gpuport_queue());
    gpuport_queue().memcpy(d_in, h, n * sizeof(int)).wait();
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 2) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) [[sycl::reqd_sub_group_size(32)]] { warp_sums<int>(d_in, d_out, item); });
    gpuport_queue().memcpy(sums, d_out, 16 * sizeof(int)).wait();
    printf("warp");
    for (int i = 0; i < 16; ++i) printf(" %d", sums[i]);
    printf("\n");
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<gpuport_block_tile_memory<256>, 1> scratch_acc(sycl::range<1>(1), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 2) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) [[sycl::reqd_sub_group_size(32)]] {
        tile_sums<int, 256, 64>(d_in, d_out, d_max, item, scratch_acc[0]); });
    });
    gpuport_queue().memcpy(sums, d_out, 8 * sizeof(int)).wait();
    gpuport_queue().memcpy(maxima, d_max, 8 * sizeof(int)).wait();
    printf("tile64");
    for (int i = 0; i < 8; ++i) printf(" %d", sums[i]);
    printf("\n");
    printf("max64");
    for (int i = 0; i < 8; ++i) printf(" %d", maxima[i]);
    printf("\n");
    gpuport_queue().submit([&](sycl::handler &cgh) {
      sycl::local_accessor<gpuport_block_tile_memory<256>, 1> scratch_acc(sycl::range<1>(1), cgh);
      cgh.parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 2) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) [[sycl::reqd_sub_group_size(32)]] {
        tile_sums<int, 256, 128>(d_in, d_out, d_max, item, scratch_acc[0]); });
    });
    gpuport_queue().memcpy(sums, d_out, 4 * sizeof(int)).wait();
    printf("tile128");
    for (int i = 0; i < 4; ++i) printf(" %d", sums[i]);
    printf("\n");
    sycl::free(d_in, gpuport_queue());
    sycl::free(d_out, gpuport_queue());
    sycl::free(d_max, gpuport_queue());
    return 0;
}
