#include <hip/hip_runtime.h>
__device__ unsigned lane_id() {
  unsigned lane;
  lane = __lane_id();
  return lane;
}
__device__ void fence() { asm("membar.gl;"); }
__device__ unsigned smid() {
  unsigned id;
  id = __smid();
  return id;
}
