#include <hip/hip_runtime.h>
__device__ unsigned lane() {
  unsigned lane;
  lane = __lane_id();
  return lane;
}
__device__ unsigned below() {
  unsigned mask;
  mask = __lanemask_lt();
  return mask;
}
__device__ unsigned long long upto() {
  unsigned long long m = 0;
  m = (__lanemask_lt() | __lanemask_eq());
  return m;
}
__device__ unsigned sm() {
  unsigned id;
  id = __smid();
  return id;
}
__device__ unsigned warp() {
  unsigned w;
  asm("mov.u32 %0, %%warpid;" : "=r"(w));
  return w;
}
__device__ unsigned add(unsigned a, unsigned b) {
  unsigned c;
  asm("add.u32 %0, %1, %2;" : "=r"(c) : "r"(a), "r"(b));
  return c;
}
