// gpuport: hip_version=6.2
#include <hip/hip_runtime.h>
__device__ int votes(float v) {
  unsigned b = __ballot_sync(0xffffffffffffffffull, v > 0);
  unsigned int b2 = __ballot_sync(0xffffffffffffffffull, v < 0);
  uint32_t act = __activemask();
  int n = __popc(__ballot_sync(0xffffffffffffffffull, v > 1));
  int first = __ffs((unsigned)__ballot_sync(0xffffffffffffffffull, v > 2));
  unsigned long long wide = __ballot_sync(0xffffffffffffffffull, v > 3);  // fine
  auto w2 = __ballot_sync(0xffffffffffffffffull, v > 4);                  // fine
  return b + b2 + act + n + first + __popcll(wide) + __popcll(w2);
}
