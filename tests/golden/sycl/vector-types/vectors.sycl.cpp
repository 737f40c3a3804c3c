#include <sycl/sycl.hpp>
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
#ifndef GPUPORT_VEC_float4
#define GPUPORT_VEC_float4
struct alignas(16) float4 { float x, y, z, w; };
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
#endif
#ifndef GPUPORT_VEC_int2
#define GPUPORT_VEC_int2
struct alignas(8) int2 { int x, y; };
inline int2 make_int2(int x, int y) { return int2{x, y}; }
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
void k(const float *a, float *out, int2 *p, const sycl::nd_item<3> &item) {
    int i = item.get_local_id(2);
    float4 v = reinterpret_cast<const float4 *>(a)[i];
    float2 w = make_float2(v.x, v.y);
    out[i] = v.x + v.y + v.z + v.w + w.x + p[i].y;
}
int main() { gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { k(nullptr, nullptr, nullptr, item); }); }
