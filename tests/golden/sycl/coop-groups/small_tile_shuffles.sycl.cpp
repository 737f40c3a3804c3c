// Shuffles on tiles smaller than a warp (cuda-samples jacobiCudaGraphs: tiled_partition<8> and shfl_down):
// the tile becomes gpuport_tile_group, whose shuffles run on the sub-group and keep each tile to itself.
#include <sycl/sycl.hpp>
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
float tileSum(gpuport_tile_group t, float v) {
  for (int offset = t.size() / 2; offset > 0; offset /= 2) v += t.shfl_down(v, offset);
  return v;
}
void rowSums(const float *a, float *out, const sycl::nd_item<3> &item) {
  sycl::group<3> cta = item.get_group();
  gpuport_tile_group tile8 = gpuport_tile_group(cta, 8, item.get_sub_group());
  float v = a[cta.get_local_linear_id()];
  v = tileSum(tile8, v);
  float first = tile8.shfl(v, 0);
  float up = tile8.shfl_up(v, 1) + tile8.shfl_xor(v, 2);
  if (tile8.thread_rank() == 0) out[tile8.meta_group_rank()] = v + first * 0.f + up * 0.f;
}
int main() {
  float *a, *o; a = (float *)sycl::malloc_device(64 * 4, gpuport_queue()); o = (float *)sycl::malloc_device(8 * 4, gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) [[sycl::reqd_sub_group_size(32)]] { rowSums(a, o, item); }); gpuport_queue().wait(); return 0;
}
