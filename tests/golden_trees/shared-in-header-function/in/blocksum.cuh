#ifndef BLOCKSUM_CUH
#define BLOCKSUM_CUH
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Sum of v over the group g; every thread gets the result. Uses a shared scratch of its own.
__device__ int group_sum(cg::thread_group g, int v) {
    __shared__ int scratch[256];
    unsigned base = threadIdx.x - g.thread_rank();
    scratch[threadIdx.x] = v;
    g.sync();
    for (unsigned s = g.size() / 2; s > 0; s /= 2) {
        if (g.thread_rank() < s) scratch[threadIdx.x] += scratch[threadIdx.x + s];
        g.sync();
    }
    int r = scratch[base];
    g.sync();
    return r;
}
#endif
