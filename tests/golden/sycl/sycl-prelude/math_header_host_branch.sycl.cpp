// helper_math.h's shape: <math.h> only for host compilers (`#ifndef __CUDACC__`, a branch the SYCL
// translation drops), then float2 overloads of C math names. Without <cmath> the scalar `fabs` would be
// hidden by them: the prelude adds it, as nvcc's implicit include provided it.
#include <cmath>
#include "sycl/sycl.hpp"
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#if 0 /* was: #ifndef __CUDACC__ */
#include <math.h>
inline float fminf(float a, float b) { return a < b ? a : b; }
#endif

inline float2 fabs(float2 v)
{
    return make_float2(fabs(v.x), fabs(v.y));
}

void absolute(float2 *v, int n, const sycl::nd_item<3> &item)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        v[i] = fabs(v[i]);
}
