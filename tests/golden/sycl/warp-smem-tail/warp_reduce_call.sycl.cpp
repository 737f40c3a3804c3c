#include <sycl/sycl.hpp>
#include <cmath>
void warpReduce(volatile float *sdata, int tid) {
    sdata[tid] = sycl::fmin(sdata[tid], sdata[tid + 32]);
    sdata[tid] = sycl::fmin(sdata[tid], sdata[tid + 16]);
    sdata[tid] = sycl::fmin(sdata[tid], sdata[tid + 8]);
    sdata[tid] = sycl::fmin(sdata[tid], sdata[tid + 4]);
    sdata[tid] = sycl::fmin(sdata[tid], sdata[tid + 2]);
    sdata[tid] = sycl::fmin(sdata[tid], sdata[tid + 1]);
}

void block_min(const float *in, float *out, const sycl::nd_item<3> &item, float *sdata) {
    unsigned int tid = item.get_local_id(2);
    sdata[tid] = in[item.get_group(2) * 128 + tid];
    sycl::group_barrier(item.get_group());
    if (tid < 64) sdata[tid] = sycl::fmin(sdata[tid], sdata[tid + 64]);
    sycl::group_barrier(item.get_group());
    {
        auto gp_total = sycl::reduce_over_group(item.get_group(), sdata[tid < 64 ? tid : 0], sycl::minimum<>());
        if (tid == 0) sdata[0] = gp_total;
    }
    if (tid == 0) out[item.get_group(2)] = sdata[0];
}
