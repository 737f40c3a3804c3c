// blocksparse overloads __ldg for its own half type: CUDA's overloads must stay callable (a template).
#include <sycl/sycl.hpp>

struct ehalf { unsigned short x; };
#ifndef GPUPORT_FALLBACK__LDG
#define GPUPORT_FALLBACK__LDG
// CUDA's __ldg for every type (a plain access: SYCL 2020 has no cache hints), beside the overloads below
template <typename GpT> inline GpT __ldg(const GpT *gp_p) { return *gp_p; }
#endif
inline ehalf __ldg(const ehalf *ptr) { ehalf r; r.x = ptr->x; return r; }
inline float load(const float* __restrict__ in, int i = 0) { return __ldg(in + i); }
inline ehalf load(const ehalf* __restrict__ in, int i = 0) { return __ldg(in + i); }
void k(const float *a, const ehalf *b, float *o, const sycl::nd_item<3> &item) { o[0] = load(a) + __ldg(a + 1) + load(b).x; }
