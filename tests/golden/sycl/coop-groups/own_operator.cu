// llm.c's softmax: cg::reduce over a 32-lane tile with the program's own operator on its own struct (SYCL's
// group algorithms take only SYCL function objects): a shift tree over the sub-group, in rank order.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
struct SumMax { float maxval; float sum; };
__device__ SumMax reduce_sum_max_op(SumMax a, SumMax b) {
    bool a_bigger = (a.maxval > b.maxval);
    SumMax bigger_m = a_bigger ? a : b;
    SumMax smaller_m = a_bigger ? b : a;
    SumMax res;
    res.maxval = bigger_m.maxval;
    res.sum = bigger_m.sum + smaller_m.sum * expf(smaller_m.maxval - bigger_m.maxval);
    return res;
}
__global__ void k(const float *x, float *out, int C) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    SumMax p; p.maxval = -INFINITY; p.sum = 0.0f;
    for (int i = warp.thread_rank(); i < C; i += warp.size()) p = reduce_sum_max_op(p, {x[i], 1.0f});
    SumMax t = cg::reduce(warp, p, reduce_sum_max_op);
    if (warp.thread_rank() == 0) { out[0] = t.maxval; out[1] = t.sum; }
}
