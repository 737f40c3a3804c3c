#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void block_max(const float *x, float *out) {
    __shared__ float slots[8];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    float v = x[block.thread_rank()];
    v = cg::reduce(tile, v, cg::greater<float>());
    if (tile.thread_rank() == 0) slots[tile.meta_group_rank()] = v;
    cg::sync(block);
    if (tile.meta_group_rank() == 0) {
        v = (tile.thread_rank() < tile.meta_group_size()) ? slots[tile.thread_rank()] : -1e30f;
        v = cg::reduce(tile, v, cg::greater<float>());
        if (tile.thread_rank() == 0) *out = v;
    }
}
