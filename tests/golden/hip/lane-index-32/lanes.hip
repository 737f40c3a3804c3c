#include <hip/hip_runtime.h>
#define WARP_SIZE 32
__global__ void k(int *out, int n) {
  int tid = threadIdx.x;
  int gid = blockIdx.x * blockDim.x + tid;
  int lane = tid % 32;
  int lane2 = threadIdx.x & 31;
  int lane3 = 31 & gid;
  int lane4 = (threadIdx.x + 1) % WARP_SIZE;
  int lane5 = threadIdx.x % warpSize;  // fine
  int bucket = n % 32;                 // not a thread index
  int low = out[0] & 31;               // not a thread index
  out[gid] = lane + lane2 + lane3 + lane4 + lane5 + bucket + low;
}
