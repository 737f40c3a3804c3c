// shoc's neuralnet: an integer array initialised with floating literals (g++ warns, clang refuses).
#include <sycl/sycl.hpp>
#include <cstdint>
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

void forward(int *out, float scale, const sycl::nd_item<3> &item) {
  int y_[10] = {0, 0, 1, 0, 2, 0, 0, 100, 0, -3};
  const unsigned char bytes[2][2] = {{1, 255}, {0, 2}};
  int64_t big[2] = {0, 5};
  float keep[2] = {0.0, 1.5};           // a float array: nothing narrows
  int one[1] = {1};
  out[item.get_local_id(2)] = y_[item.get_local_id(2) % 10] + bytes[0][1] + (int)big[1] + (int)(keep[1] * scale) + one[0];
}

// parboil's histo: a uchar4 built from a ushort4's members (clamped to 255 before).
void pack(uchar4 *o, const ushort4 *in, const sycl::nd_item<3> &item) {
  ushort4 g = in[item.get_local_id(2)];
  uchar4 f = {
      static_cast<unsigned char>(g.x),
      static_cast<unsigned char>(g.y), static_cast<unsigned char>(g.z), 7};
  o[item.get_local_id(2)] = f;
}
