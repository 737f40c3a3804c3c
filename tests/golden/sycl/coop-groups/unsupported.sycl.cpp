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

void grid_step(float *x, const sycl::nd_item<3> &item) {
    grid_group grid = this_grid();
    sycl::group<3> block = item.get_group();
    gpuport_thread_group half = gpuport_thread_group(block, 16);
    x[block.get_local_linear_id()] += 1.0f;
    grid.sync();
}
