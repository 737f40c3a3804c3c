// The last include is one the translation removes (cooperative_groups.h, as in the CUDA samples' scan):
// the vector type definitions still land after it.
#include <sycl/sycl.hpp>
#include <stdio.h>
#ifndef GPUPORT_VEC_uint4
#define GPUPORT_VEC_uint4
struct alignas(16) uint4 { unsigned int x, y, z, w; };
inline uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) { return uint4{x, y, z, w}; }
#endif

void add4(uint4 *d, const uint4 *s, unsigned n, const sycl::nd_item<3> &item) {
  sycl::group<3> cta = item.get_group();
  unsigned i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) d[i] = make_uint4(s[i].x + 1, s[i].y + 1, s[i].z + 1, s[i].w + 1);
  sycl::group_barrier(cta);
}
