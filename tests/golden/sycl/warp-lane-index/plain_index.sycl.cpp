#include <sycl/sycl.hpp>
#ifndef GPUPORT_VEC_float4
#define GPUPORT_VEC_float4
struct alignas(16) float4 { float x, y, z, w; };
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
#endif
// No warp collective: `% 32` and `>> 5` are plain index arithmetic and stay so.
void gather(const float4 *src, float4 *dst, int n, const sycl::nd_item<3> &item) {
    const int lane = item.get_local_id(2) & 31;
    for (int w = (item.get_group(2) * item.get_local_range(2) + item.get_local_id(2)) >> 5; w < n; w += (item.get_group_range(2) * item.get_local_range(2)) >> 5)
        dst[w * 32 + lane] = src[w * 32 + lane];
}
