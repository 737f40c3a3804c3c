// A file with no floating literal at all: the vector case alone must still be found.
#include <hip/hip_runtime.h>

__global__ void pack(uchar4 *o, const ushort4 *in) {
  ushort4 g = in[threadIdx.x];
  uchar4 f = {static_cast<unsigned char>(g.x), static_cast<unsigned char>(g.y), static_cast<unsigned char>(g.z), static_cast<unsigned char>(g.w)};
  o[threadIdx.x] = f;
}
