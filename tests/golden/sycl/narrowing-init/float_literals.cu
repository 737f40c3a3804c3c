// shoc's neuralnet: an integer array initialised with floating literals (g++ warns, clang refuses).
#include <cstdint>

__global__ void forward(int *out, float scale) {
  int y_[10] = {0.0, 0.0, 1.0, 0.0, 2., 0.0, 0.0, 1e2, 0.0f, -3.0};
  const unsigned char bytes[2][2] = {{1.0, 255.0}, {0.0, 2.0}};
  int64_t big[2] = {0.0, 5.0};
  float keep[2] = {0.0, 1.5};           // a float array: nothing narrows
  int one[1] = {1.0f};
  out[threadIdx.x] = y_[threadIdx.x % 10] + bytes[0][1] + (int)big[1] + (int)(keep[1] * scale) + one[0];
}

// parboil's histo: a uchar4 built from a ushort4's members (clamped to 255 before).
__global__ void pack(uchar4 *o, const ushort4 *in) {
  ushort4 g = in[threadIdx.x];
  uchar4 f = {
      g.x,
      g.y, g.z, 7};
  o[threadIdx.x] = f;
}
