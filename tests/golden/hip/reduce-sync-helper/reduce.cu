#include <cuda_runtime.h>
#define WARP_SUM(v) __reduce_add_sync(0xffffffffu, v)

__global__ void k(const unsigned* in, unsigned* out, int* lo) {
  unsigned v = in[threadIdx.x];
  unsigned half = __activemask() & 0xffffu;
  out[0] = __reduce_add_sync(0xffffffffu, v);
  out[1] = __reduce_xor_sync(half, v);
  out[2] = WARP_SUM(v + 1);
  lo[0] = __reduce_min_sync(0xffffffffu, (int)v - 7);
}
