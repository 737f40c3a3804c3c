// gpuport: hip_version=5.2
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  out[tile.meta_group_rank()] = tile.thread_rank();
}
