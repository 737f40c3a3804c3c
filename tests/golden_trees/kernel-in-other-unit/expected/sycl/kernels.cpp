#include <sycl/sycl.hpp>
#include "kernels.cuh"

void block_sum(const float *in, float *out, int n, const sycl::nd_item<3> &item, float *partial)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    partial[item.get_local_id(2)] = i < n ? in[i] : 0.0f;
    sycl::group_barrier(item.get_group());
    for (int s = item.get_local_range(2) / 2; s > 0; s >>= 1) {
        if (item.get_local_id(2) < s)
            partial[item.get_local_id(2)] += partial[item.get_local_id(2) + s];
        sycl::group_barrier(item.get_group());
    }
    if (item.get_local_id(2) == 0)
        out[item.get_group(2)] = partial[0];
}
