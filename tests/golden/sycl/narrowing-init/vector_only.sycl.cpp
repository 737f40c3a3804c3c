// A file with no floating literal at all: the vector case alone must still be found.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_VEC_uchar4
#define GPUPORT_VEC_uchar4
struct alignas(4) uchar4 { unsigned char x, y, z, w; };
inline uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { return uchar4{x, y, z, w}; }
#endif
#ifndef GPUPORT_VEC_ushort4
#define GPUPORT_VEC_ushort4
struct alignas(8) ushort4 { unsigned short x, y, z, w; };
inline ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) { return ushort4{x, y, z, w}; }
#endif

void pack(uchar4 *o, const ushort4 *in, const sycl::nd_item<3> &item) {
  ushort4 g = in[item.get_local_id(2)];
  uchar4 f = {static_cast<unsigned char>(g.x), static_cast<unsigned char>(g.y), static_cast<unsigned char>(g.z), static_cast<unsigned char>(g.w)};
  o[item.get_local_id(2)] = f;
}
