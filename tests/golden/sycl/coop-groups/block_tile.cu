#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ float tile_sum(cg::thread_block_tile<32> tile, float v) {
    for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
    return v;
}

__global__ void block_stats(const float *x, float *out, int n) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    const int i = block.group_index().x * block.size() + block.thread_rank();
    float v = i < n ? x[i] : 0.0f;
    float s = cg::reduce(tile, v, cg::plus<float>());
    float m = cg::reduce(tile, v, cg::greater<float>());
    float t = tile_sum(tile, v);
    bool any = tile.any(v > 1.0f);
    block.sync();
    if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = s + m + t + any;
    cg::sync(block);
}
