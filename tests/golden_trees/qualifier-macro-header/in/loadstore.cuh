#pragma once
#include "meta.cuh"

HOST_DEVICE int twice(int v) { return 2 * v; }

template <int nt>
DEVICE void reg_to_shared(float *shared, float v, bool sync = true) {
    shared[threadIdx.x] = v;
    if (sync) __syncthreads();
}

template <int nt>
DEVICE float shared_sum(const float *shared, int count = nt) {
    float s = 0.0f;
    for (int i = 0; i < count; i++) s += shared[i];
    return s;
}
