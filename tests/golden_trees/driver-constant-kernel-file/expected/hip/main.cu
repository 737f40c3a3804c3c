#include <hip/hip_runtime.h>
#include <cstdio>
#include "params.h"
#include <cstdlib>

__constant__ params d_common;

#include "kernel.cu"

int main() {
  params h{256, 3.0f};
  hipMemcpyToSymbol(HIP_SYMBOL(d_common), &h, sizeof(params));
  float hd[256], *d;
  for (int i = 0; i < 256; i++) hd[i] = (float)i;
  hipMalloc(&d, sizeof(hd));
  hipMemcpy(d, hd, sizeof(hd), hipMemcpyHostToDevice);
  dim3 gridDim(2, 2);
  scale_kernel<<<gridDim, dim3(64, 1, 1)>>>(d);
  hipMemcpy(hd, d, sizeof(hd), hipMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 256; i++) bad += hd[i] != 3.0f * i;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  hipFree(d);
  return bad != 0;
}
