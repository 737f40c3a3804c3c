#pragma once
#include <sycl/sycl.hpp>
#include "meta.cuh"

HOST_DEVICE int twice(int v) { return 2 * v; }

template <int nt>
DEVICE void reg_to_shared(float *shared, float v, const sycl::nd_item<3> &item, bool sync = true) {
    shared[item.get_local_id(2)] = v;
    if (sync) sycl::group_barrier(item.get_group());
}

template <int nt>
DEVICE float shared_sum(const float *shared, int count = nt) {
    float s = 0.0f;
    for (int i = 0; i < count; i++) s += shared[i];
    return s;
}
