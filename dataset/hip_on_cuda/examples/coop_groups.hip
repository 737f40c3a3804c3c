// Cooperative groups through hip_cooperative_groups.h: thread_block, tiled_partition and tile shuffles.
#include "check.h"

#include <hip/hip_cooperative_groups.h>

#include <vector>

namespace cg = cooperative_groups;

__global__ void tile_sums(const int* in, int* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  int v = in[block.group_index().x * block.size() + block.thread_rank()];
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  block.sync();
  if (tile.thread_rank() == 0) out[(block.group_index().x * block.size() + block.thread_rank()) / 16] = v;
}

int main() {
  const int block = 128, grid = 8, n = block * grid;
  std::vector<int> in(n), out(n / 16);
  for (int i = 0; i < n; ++i) in[i] = i % 9;
  int *din, *dout;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dout, n / 16 * sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(tile_sums, dim3(grid), dim3(block), 0, 0, din, dout);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(out.data(), dout, n / 16 * sizeof(int), hipMemcpyDeviceToHost));
  int errors = 0;
  for (int t = 0; t < n / 16; ++t) {
    int s = 0;
    for (int j = 0; j < 16; ++j) s += in[t * 16 + j];
    errors += out[t] != s;
  }
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dout));
  return finish("coop_groups", errors);
}
