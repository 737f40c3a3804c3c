#include <cstdio>
#include "gpu_wrap.h"

__global__ void scale(float *d, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d[i] *= k;
}

int main() {
  const int n = 256;
  float h[n], *d;
  for (int i = 0; i < n; i++) h[i] = i;
  gpuMalloc(&d, n * sizeof(float));
  gpuMemcpy(d, h, sizeof(h), gpuMemcpyHostToDevice);
  scale<<<n / 64, 64>>>(d, 2.0f, n);
  gpuDeviceSynchronize();
  gpuMemcpy(h, d, sizeof(h), gpuMemcpyDeviceToHost);
  gpuFree(d);
  int bad = 0;
  for (int i = 0; i < n; i++) bad += h[i] != 2.0f * i;
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  return bad != 0;
}
