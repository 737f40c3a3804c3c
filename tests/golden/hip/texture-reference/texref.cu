#include <cuda_runtime.h>
texture<float, 1, cudaReadModeElementType> texRef;
texture<float4, 2, cudaReadModeElementType> tex2;

__global__ void k(float *out, cudaTextureObject_t obj) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch(texRef, i) + tex2D(tex2, i, 0).x + tex1Dfetch<float>(obj, i);
}

void bind(float *d, size_t n) { cudaBindTexture(0, texRef, d, n * sizeof(float)); }
