// gpuport: hip_version=5.2
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
// The tile comes in as a parameter: its parent is not visible here, so GP123 cannot compute the rank.
__device__ void store(cg::thread_block_tile<32> tile, int *out) {
  out[tile.meta_group_rank()] = tile.thread_rank();
}
