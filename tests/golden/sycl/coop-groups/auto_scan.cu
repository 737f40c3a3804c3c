#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
using namespace cooperative_groups;

__global__ void scan_rows(const int *x, int *out, unsigned *votes) {
    __shared__ int stage[256];
    thread_block_tile<32> tile = tiled_partition<32>(this_thread_block());
    auto block = this_thread_block();
    int v = x[block.thread_index().x];
    stage[block.thread_rank()] = v;
    block.sync();
    int incl = inclusive_scan(tile, v);
    int excl = exclusive_scan(tile, v, cooperative_groups::bit_or<int>());
    unsigned b = tile.ballot(v > 0);
    out[block.thread_rank()] = incl + excl + tile.shfl(v, 0) + tile.shfl_xor(v, 1);
    if (tile.thread_rank() == 0) votes[tile.meta_group_rank()] = b;
}
