// gpuport: hip_version=5.2
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int in_tile(cg::thread_block_tile<16> t) { return t.meta_group_rank(); }  // size unknown here: reported

__global__ void k(int *out) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
  out[tile.meta_group_rank()] = tile.thread_rank();
  out[64 + t8.meta_group_rank()] = t8.meta_group_size();
}
