#include <hip/hip_runtime.h>
__device__ float reduce(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffffffffffull, v, offset);
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffffffffffull, v, o);
  int s;
  for (s = 16; s >= 1; s = s / 2) {
    v = fmaxf(v, __shfl_down_sync(0xffffffffffffffffull, v, s));
  }
  for (int d = 1; d < 32; d <<= 1) v += __shfl_up_sync(0xffffffffffffffffull, v, d);
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffffffffffull, v, o);  // fine
  for (int i = 16; i > 0; i /= 2) v += 1.0f;  // no shuffle: not reported
  return v;
}
