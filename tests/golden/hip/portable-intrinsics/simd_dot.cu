// ggml-derived quantisation kernels (mistral.rs, candle) and CV-CUDA call SIMD-in-a-word intrinsics and __dp4a, which HIP lacks.
#include <cuda_runtime.h>
__global__ void k(const unsigned *a, const unsigned *b, unsigned *o, int *d) {
  int i = threadIdx.x;
  o[i] = __vsubss4(a[i], b[i]) ^ __vmins2(a[i], b[i]);
  d[i] = __dp4a((int)a[i], (int)b[i], 0);
}
