#include "common.cuh"

void run_cubic(float *d, int n);

__global__ void pairs(float2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = twice(make_float2(i, -i));
}

int main() {
  const int n = 128;
  float *d, h[n];
  float2 *p, hp[n];
  cudaMalloc(&d, n * sizeof(float));
  cudaMalloc(&p, n * sizeof(float2));
  run_cubic(d, n);
  pairs<<<n / 64, 64>>>(p);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  cudaMemcpy(hp, p, sizeof(hp), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    bad += h[i] != -1.5f * i + 1.0f;
    bad += hp[i].x != 2.0f * i || hp[i].y != -2.0f * i;
  }
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  cudaFree(d);
  cudaFree(p);
  return bad != 0;
}
