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
#ifndef GPUPORT_GRID_GROUP
#define GPUPORT_GRID_GROUP
// cooperative_groups::grid_group: every work-item of the launch (no sync(): no standard SYCL 2020 form)
struct gpuport_grid_group {
  sycl::nd_item<3> item;
  explicit gpuport_grid_group(const sycl::nd_item<3> &it) : item(it) {}
  bool is_valid() const { return true; }
  unsigned long long thread_rank() const {
    return item.get_group_linear_id() * item.get_local_range().size() + item.get_local_linear_id();
  }
  unsigned long long size() const { return item.get_global_range().size(); }
  unsigned long long num_threads() const { return item.get_global_range().size(); }
  unsigned long long block_rank() const { return item.get_group_linear_id(); }
  unsigned long long num_blocks() const { return item.get_group_range().size(); }
};
#endif

void grid_step(float *x, const sycl::nd_item<3> &item) {
    gpuport_grid_group grid = gpuport_grid_group(item);
    sycl::group<3> block = item.get_group();
    gpuport_thread_group half = gpuport_thread_group(block, 16);
    x[block.get_local_linear_id()] += 1.0f;
    grid.sync();
}
