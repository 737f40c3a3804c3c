#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

template <typename T, typename Group> __device__ T group_sum(T in, Group &threads) {
    return cg::reduce(threads, in, cg::plus<T>());
}

// one sum per tile of 32 lanes (the sub-group) ...
template <class T> __global__ void warp_sums(const T *in, T *out) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    T v = group_sum(in[block.group_index().x * block.size() + block.thread_rank()], tile);
    if (tile.thread_rank() == 0) out[block.group_index().x * tile.meta_group_size() + tile.meta_group_rank()] = v;
}

// ... and per tile larger than a warp, with the scratch memory such tiles need
template <class T, size_t BlockSize, size_t TileSize> __global__ void tile_sums(const T *in, T *out, T *maxima) {
    __shared__ cg::block_tile_memory<BlockSize> scratch;
    auto block = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<TileSize>(block);
    const T x = in[blockIdx.x * BlockSize + threadIdx.x];
    T v = group_sum(x, tile);
    T m = cg::reduce(tile, x, cg::greater<T>());
    if (tile.thread_rank() == 0) {
        out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = v;
        maxima[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = m;
    }
    cg::sync(block);
}

int main() {
    const int n = 512;
    int h[n], sums[n], maxima[n];
    for (int i = 0; i < n; ++i) h[i] = (i * 7) % 13;
    int *d_in, *d_out, *d_max;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, n * sizeof(int));
    cudaMalloc(&d_max, n * sizeof(int));
    cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
    warp_sums<int><<<2, 256>>>(d_in, d_out);
    cudaMemcpy(sums, d_out, 16 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("warp");
    for (int i = 0; i < 16; ++i) printf(" %d", sums[i]);
    printf("\n");
    tile_sums<int, 256, 64><<<2, 256>>>(d_in, d_out, d_max);
    cudaMemcpy(sums, d_out, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(maxima, d_max, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("tile64");
    for (int i = 0; i < 8; ++i) printf(" %d", sums[i]);
    printf("\n");
    printf("max64");
    for (int i = 0; i < 8; ++i) printf(" %d", maxima[i]);
    printf("\n");
    tile_sums<int, 256, 128><<<2, 256>>>(d_in, d_out, d_max);
    cudaMemcpy(sums, d_out, 4 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("tile128");
    for (int i = 0; i < 4; ++i) printf(" %d", sums[i]);
    printf("\n");
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_max);
    return 0;
}
