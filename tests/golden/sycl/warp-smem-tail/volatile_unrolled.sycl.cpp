#include <sycl/sycl.hpp>
void reduce(const double *in, double *out, int n, const sycl::nd_item<3> &item, double *sdata) {
    int tid = item.get_local_id(2);
    int i = item.get_group(2) * item.get_local_range(2) + tid;
    sdata[tid] = i < n ? in[i] : 0.0;
    sycl::group_barrier(item.get_group());
    for (int s = item.get_local_range(2) / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        sycl::group_barrier(item.get_group());
    }
    {
        auto gp_total = sycl::reduce_over_group(item.get_group(), tid < 64 ? sdata[tid] : 0, sycl::plus<>());
        if (tid == 0) sdata[0] = gp_total;
    }
    if (tid == 0) out[item.get_group(2)] = sdata[0];
}
