#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
// oskar's oskar_vector_types.h: stand-in vector types for compilers other than nvcc, under a test nvcc reads
// as false whatever the other name. They are not the project's float2: the CUDA type is used below.
#if 1 /* was: #ifdef __CUDACC__ */
#include <sycl/sycl.hpp>
#endif
#if !(defined(__VECTOR_TYPES_H__) || 1)
struct float2 { float x, y; };
typedef struct float2 float2;
#endif
struct alignas(32) float4c { float2 a, b, c, d; };
void k(float4c *p, const sycl::nd_item<3> &item) { p[0].a.x = 1.0f; }
