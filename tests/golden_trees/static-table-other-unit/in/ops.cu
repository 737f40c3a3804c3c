#include <cstdio>
#include "kernels.cuh"

int main() {
  const int n = 64;
  unsigned char hq[n / 2];
  for (int i = 0; i < n / 2; i++) hq[i] = (unsigned char)(i * 7);
  unsigned char *q;
  float *d, h[n];
  cudaMalloc(&q, sizeof(hq));
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(q, hq, sizeof(hq), cudaMemcpyHostToDevice);
  dequantize<<<1, n>>>(q, d, n, 2.0f);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  const float lut[4] = {-1.0f, -0.25f, 0.25f, 1.0f};
  int bad = 0;
  for (int i = 0; i < n; i++) bad += h[i] != lut[(hq[i / 2] >> (i % 2 ? 2 : 0)) & 3] * 2.0f;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  return bad != 0;
}
