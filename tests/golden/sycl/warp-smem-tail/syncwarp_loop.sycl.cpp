#include <sycl/sycl.hpp>
#define THREADS 256

void dot(const float *a, const float *b, int n, float *result, const sycl::nd_item<3> &item, float *sdata) {
    const int tid = item.get_local_id(2);
    float sum = 0.0f;
    for (int i = item.get_group(2) * THREADS + tid; i < n; i += THREADS * item.get_group_range(2)) sum += a[i] * b[i];
    sdata[tid] = sum;
    sycl::group_barrier(item.get_group());
    for (int s = THREADS / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        sycl::group_barrier(item.get_group());
    }
    float v = sycl::reduce_over_group(item.get_group(), tid < 64 ? sdata[tid] : 0, sycl::plus<>());
    if (tid < 32) {
        if (tid == 0) sycl::atomic_ref<float, sycl::memory_order::relaxed, sycl::memory_scope::device, sycl::access::address_space::generic_space>(*result).fetch_add(static_cast<float>(v));
    }
}
