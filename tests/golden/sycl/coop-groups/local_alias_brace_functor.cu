// llm.c's warp reductions: the namespace alias declared inside the kernel, and the operator written as a
// brace-initialised functor (`cg::plus<float>{}`), which SYCL's group algorithm takes as `sycl::plus`.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

__global__ void row_sum(const float *x, float *out, int C) {
    namespace cg = cooperative_groups;
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const float *row = x + blockIdx.x * C;
    float sum = 0.0f;
    for (int i = warp.thread_rank(); i < C; i += warp.size()) sum += row[i];
    sum = cg::reduce(warp, sum, cg::plus<float>{});
    float top = cg::reduce(warp, sum, cg::greater<float>{});
    if (warp.thread_rank() == 0) out[blockIdx.x] = sum + top;
}
