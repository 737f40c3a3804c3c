#include <cstdio>
#include "params.h"
#include <cstdlib>

__constant__ params d_common;

#include "kernel.cu"

int main() {
  params h{256, 3.0f};
  cudaMemcpyToSymbol(d_common, &h, sizeof(params));
  float hd[256], *d;
  for (int i = 0; i < 256; i++) hd[i] = (float)i;
  cudaMalloc(&d, sizeof(hd));
  cudaMemcpy(d, hd, sizeof(hd), cudaMemcpyHostToDevice);
  dim3 gridDim(2, 2);
  scale_kernel<<<gridDim, {64, 1, 1}>>>(d);
  cudaMemcpy(hd, d, sizeof(hd), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 256; i++) bad += hd[i] != 3.0f * i;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  cudaFree(d);
  return bad != 0;
}
