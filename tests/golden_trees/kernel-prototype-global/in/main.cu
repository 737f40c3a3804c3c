#include <cstdio>
#include "gates.h"

int main() {
  const int n = 100;
  float h[n], *d;
  for (int i = 0; i < n; i++) h[i] = i;
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  const float m[2] = {2.0f, 1.0f};
  run_gate(d, n, m);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) bad += h[i] != 2.0f * i + 1.0f;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  return bad != 0;
}
