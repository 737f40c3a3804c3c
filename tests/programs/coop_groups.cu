// Cooperative groups: thread_block sync and a tiled_partition warp reduction.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ int tile_sum(cg::thread_block_tile<32> tile, int v) {
  for (int i = tile.size() / 2; i > 0; i /= 2) v += tile.shfl_down(v, i);
  return v;
}

__global__ void sum_kernel(const int *in, int *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int v = in[block.group_index().x * block.size() + block.thread_rank()];
  v = tile_sum(tile, v);
  if (tile.thread_rank() == 0) atomicAdd(out, v);
  block.sync();
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 1024 * sizeof(int));
  cudaMalloc(&out, sizeof(int));
  sum_kernel<<<4, 256>>>(in, out);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
