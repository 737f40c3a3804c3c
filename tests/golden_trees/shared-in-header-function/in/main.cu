#include <cstdio>
#include "blocksum.cuh"

__global__ void sums(int *block_total, int *tile_totals) {
    cg::thread_block block = cg::this_thread_block();
    int all = group_sum(block, 1);
    cg::thread_block_tile<16> tile16 = cg::tiled_partition<16>(block);
    int part = group_sum(tile16, (int)tile16.thread_rank());
    cg::thread_group quarter = cg::tiled_partition(block, 64);
    int q = group_sum(quarter, 2);
    if (block.thread_rank() == 0) *block_total = all + q;
    if (tile16.thread_rank() == 0) tile_totals[tile16.meta_group_rank()] = part;
}

int main() {
    int *total, *tiles, h_total = 0, h_tiles[16];
    cudaMalloc(&total, sizeof(int));
    cudaMalloc(&tiles, 16 * sizeof(int));
    sums<<<1, 256>>>(total, tiles);
    cudaMemcpy(&h_total, total, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_tiles, tiles, sizeof(h_tiles), cudaMemcpyDeviceToHost);
    int bad = h_total != 256 + 128;
    for (int t = 0; t < 16; ++t) bad += h_tiles[t] != 120;
    printf("%s %d\n", bad ? "FAIL" : "PASS", h_total);
    return 0;
}
