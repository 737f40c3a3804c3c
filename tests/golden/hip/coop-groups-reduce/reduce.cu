#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__global__ void k(const float* in, float* out, int* imax) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  float s = cg::reduce(tile, v, cg::plus<float>());
  int m = cooperative_groups::reduce(tile, (int)v, cooperative_groups::greater<int>());
  if (tile.thread_rank() == 0) {
    out[block.thread_rank() / 32] = s;
    imax[0] = m;
  }
}
