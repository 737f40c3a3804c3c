#include <hip/hip_runtime.h>
#define WARP_SIZE 32
__global__ void k(int *out, int n) {
  int tid = threadIdx.x;
  int warp = tid / 32;
  int warp2 = threadIdx.x >> 5;
  int warps = blockDim.x / WARP_SIZE;
  int gwarp = (blockIdx.x * blockDim.x + tid) / 32;
  int ok = tid / warpSize;   // fine
  int words = n / 32;        // not a thread index
  int shifted = n >> 5;      // not a thread index
  out[tid] = warp + warp2 + warps + gwarp + ok + words + shifted;
}
