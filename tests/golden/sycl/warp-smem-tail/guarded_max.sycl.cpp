#include <sycl/sycl.hpp>
#include <cmath>
void block_max(const int *in, int *out, const sycl::nd_item<3> &item, int *sdata) {
    unsigned int tid = item.get_local_id(2);
    sdata[tid] = in[item.get_group(2) * item.get_local_range(2) + tid];
    sycl::group_barrier(item.get_group());
    for (unsigned int s = item.get_local_range(2) / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = sycl::max(sdata[tid], sdata[tid + s]);
        sycl::group_barrier(item.get_group());
    }
    int v = sycl::reduce_over_group(item.get_group(), sdata[tid < 64 ? tid : 0], sycl::maximum<>());
    if (tid == 0) sdata[0] = v;
    sycl::group_barrier(item.get_group());
    out[item.get_group(2) * item.get_local_range(2) + tid] = sdata[0];
}
