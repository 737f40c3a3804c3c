#include <hip/hip_runtime.h>
#include <cstdio>
#include "quant.cuh"

int main() {
  const int n = 128;
  short h[64];
  for (int i = 0; i < 64; i++) h[i] = (short)(i % 7);
  float s = 0.5f;
  hipMemcpyToSymbol(HIP_SYMBOL(Q), h, sizeof(Q));
  hipMemcpyToSymbol(HIP_SYMBOL(tune::scale), &s, sizeof(float));
  float hd[n], *d;
  for (int i = 0; i < n; i++) hd[i] = 2.0f;
  hipMalloc(&d, n * sizeof(float));
  hipMemcpy(d, hd, n * sizeof(float), hipMemcpyHostToDevice);
  quantize<<<n / 32, 32>>>(d, n);
  hipMemcpy(hd, d, n * sizeof(float), hipMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) bad += hd[i] != 2.0f * (i % 64 % 7) * 0.5f;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  hipFree(d);
  return bad != 0;
}
