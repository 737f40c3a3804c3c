// Shuffles on tiles smaller than a warp (cuda-samples jacobiCudaGraphs: tiled_partition<8> and shfl_down):
// the tile becomes gpuport_tile_group, whose shuffles run on the sub-group and keep each tile to itself.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ float tileSum(cg::thread_block_tile<8> t, float v) {
  for (int offset = t.size() / 2; offset > 0; offset /= 2) v += t.shfl_down(v, offset);
  return v;
}
__global__ void rowSums(const float *a, float *out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(cta);
  float v = a[cta.thread_rank()];
  v = tileSum(tile8, v);
  float first = tile8.shfl(v, 0);
  float up = tile8.shfl_up(v, 1) + tile8.shfl_xor(v, 2);
  if (tile8.thread_rank() == 0) out[tile8.meta_group_rank()] = v + first * 0.f + up * 0.f;
}
int main() {
  float *a, *o; cudaMalloc(&a, 64 * 4); cudaMalloc(&o, 8 * 4);
  rowSums<<<1, 64>>>(a, o); cudaDeviceSynchronize(); return 0;
}
