#include <cstdio>
#include "quant.cuh"

int main() {
  const int n = 128;
  short h[64];
  for (int i = 0; i < 64; i++) h[i] = (short)(i % 7);
  float s = 0.5f;
  cudaMemcpyToSymbol(Q, h, sizeof(Q));
  cudaMemcpyToSymbol(tune::scale, &s, sizeof(float));
  float hd[n], *d;
  for (int i = 0; i < n; i++) hd[i] = 2.0f;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, hd, n * sizeof(float), cudaMemcpyHostToDevice);
  quantize<<<n / 32, 32>>>(d, n);
  cudaMemcpy(hd, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) bad += hd[i] != 2.0f * (i % 64 % 7) * 0.5f;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  cudaFree(d);
  return bad != 0;
}
