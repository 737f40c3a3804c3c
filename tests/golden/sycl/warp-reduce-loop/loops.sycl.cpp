#include <sycl/sycl.hpp>
#include <cmath>
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
#define FULL_MASK 0xffffffffu
float warp_sum(float v, const sycl::nd_item<3> &item) {
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::plus<>());
    return v;
}
float warp_max(float v, const sycl::nd_item<3> &item) {
    v = sycl::reduce_over_group(item.get_sub_group(), v, sycl::maximum<>());
    return v;
}
void stats(const float2 *x, float *out, const sycl::nd_item<3> &item) {
    float2 v = x[item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)];
    v.x = sycl::reduce_over_group(item.get_sub_group(), v.x, sycl::plus<>()); v.y = sycl::reduce_over_group(item.get_sub_group(), v.y, sycl::maximum<>());
    out[0] = warp_sum(v.x, item) + warp_max(v.y, item);
}
