// jetson-utils' cudaWarp-affine.cu: a macro launches a kernel the file defines, only its template argument
// is the macro's; the launch is rewritten in the body (continued lines). A macro whose kernel is its own
// parameter stays reported.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_VEC_float3
#define GPUPORT_VEC_float3
struct alignas(4) float3 { float x, y, z; };
inline float3 make_float3(float x, float y, float z) { return float3{x, y, z}; }
#endif
#ifndef GPUPORT_VEC_float4
#define GPUPORT_VEC_float4
struct alignas(16) float4 { float x, y, z, w; };
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

template <typename T> void warp(T *in, T *out, int n, float3 m, const sycl::nd_item<3> &item, T *tile) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  tile[item.get_local_id(2) % 64] = in[i];
  sycl::group_barrier(item.get_group());
  if (i < n) out[i] = tile[item.get_local_id(2) % 64];
}

#define LAUNCH_WARP(type) \
  (stream ? *stream : gpuport_queue()).submit([&](sycl::handler &cgh) { \
    sycl::local_accessor<type, 1> tile_acc(sycl::range<1>(64), cgh); \
    cgh.parallel_for(sycl::nd_range<3>(grid * block, block), [=, arg3 = mats[0]](sycl::nd_item<3> item) { \
      warp<type>((type *)input, (type *)output, n, arg3, item, &tile_acc[0]); }); \
  })

#define LAUNCH_ANY(kernel, ...) kernel<<<grid, block>>>(__VA_ARGS__)

void run(void *input, void *output, int n, bool wide, sycl::queue * stream) {
  sycl::range<3> block(1, 1, 64), grid(1, 1, (n + 63) / 64);
  float3 mats[1] = {make_float3(1, 0, 0)};
  if (wide)
    LAUNCH_WARP(float4);
  else
    LAUNCH_WARP(float);
}
