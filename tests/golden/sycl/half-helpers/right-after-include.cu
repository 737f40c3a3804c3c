// The first declaration follows the last include directly: the helpers go after the queue prelude,
// which the prelude rule inserts at the same point.
#include <cuda_fp16.h>
__global__ void twice(__half2 *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = __hadd2(p[i], p[i]);
}
