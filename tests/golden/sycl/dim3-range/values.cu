#include <cuda_runtime.h>
#define BS 16
struct LaunchConfig {
    dim3 grid, block;
    size_t shmem;
};

static dim3 grid_for(int n) { return dim3((n + BS - 1) / BS, (n + BS - 1) / BS); }
dim3 block_for(int n);

static LaunchConfig make_config(int n)
{
    LaunchConfig c;
    c.grid = grid_for(n);
    c.block = block_for(n);
    c.shmem = 0;
    return c;
}

__global__ void fill(float *x) { x[threadIdx.x] = 1.f; }

unsigned threads(int n)
{
    const dim3 blk(BS, BS), g = grid_for(n);
    LaunchConfig c = make_config(n);
    fill<<<c.grid, c.block>>>(nullptr);
    fill<<<g, blk>>>(nullptr);
    return g.x * g.y * blk.x * blk.y + c.grid.x + grid_for(n).y + (unsigned)sizeof(dim3);
}

dim3 block_for(int n) { return dim3(BS, n < BS ? n : BS); }
