// era-bellman includes sm_32_intrinsics.h for __ldg, PhysX vector_functions.h for make_float2: what hip_runtime.h (HIP) or the file itself (SYCL) provides.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
void k(const float *a, float2 *o, const sycl::nd_item<3> &item) { o[0] = make_float2(([](const auto *gp_p) { return *gp_p; })(a), 1.f); }
