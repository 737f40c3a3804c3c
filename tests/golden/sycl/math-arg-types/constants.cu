#include <cuda_runtime.h>
// Macro constants and enumerators are typed too.
#define N 256
#define LIM 0x10u
enum { kTile = 128 };
__global__ void k(int *o, int n) {
  o[0] = min(threadIdx.x, N);
  o[1] = max(blockIdx.x, kTile);
  o[2] = min(n, LIM);
}
