// The last include is one the translation removes (cooperative_groups.h, as in the CUDA samples' scan):
// the vector type definitions still land after it.
#include <stdio.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void add4(uint4 *d, const uint4 *s, unsigned n) {
  cg::thread_block cta = cg::this_thread_block();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] = make_uint4(s[i].x + 1, s[i].y + 1, s[i].z + 1, s[i].w + 1);
  cg::sync(cta);
}
