#include <sycl/sycl.hpp>
#pragma once

inline float block_sum(sycl::group<3> cta, float *smem, float v, const sycl::nd_item<3> &item)
{
    smem[item.get_local_id(2)] = v;
    sycl::group_barrier(cta);
    for (unsigned int s = item.get_local_range(2) / 2; s > 0; s >>= 1) {
        if (item.get_local_id(2) < s)
            smem[item.get_local_id(2)] += smem[item.get_local_id(2) + s];
        sycl::group_barrier(cta);
    }
    return smem[0];
}
