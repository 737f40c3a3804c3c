// A file with no floating literal at all: the vector case alone must still be found.
#include <cuda_runtime.h>

__global__ void pack(uchar4 *o, const ushort4 *in) {
  ushort4 g = in[threadIdx.x];
  uchar4 f = {g.x, g.y, g.z, g.w};
  o[threadIdx.x] = f;
}
