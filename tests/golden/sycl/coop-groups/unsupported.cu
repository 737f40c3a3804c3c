#include <cooperative_groups.h>
using namespace cooperative_groups;

__global__ void grid_step(float *x) {
    grid_group grid = this_grid();
    thread_block block = this_thread_block();
    thread_block_tile<16> half = tiled_partition<16>(block);
    x[block.thread_rank()] += 1.0f;
    grid.sync();
}
