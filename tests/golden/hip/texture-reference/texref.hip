#include <hip/hip_runtime.h>
texture<float, 1, hipReadModeElementType> texRef;
texture<float4, 2, hipReadModeElementType> tex2;

__global__ void k(float *out, hipTextureObject_t obj) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch(texRef, i) + tex2D(tex2, i, 0).x + tex1Dfetch<float>(obj, i);
}

void bind(float *d, size_t n) { hipBindTexture(0, texRef, d, n * sizeof(float)); }
