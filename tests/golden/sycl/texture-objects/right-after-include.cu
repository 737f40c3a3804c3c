// The kernel using the texture follows the include directly: the emulation block goes after the
// queue prelude, which the prelude rule inserts at the same point.
#include <cuda_runtime.h>
__global__ void gather(cudaTextureObject_t tex, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(tex, i);
}
