// Constant memory: polynomial coefficients in __constant__, set with cudaMemcpyToSymbol.
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float coeffs[8];
__constant__ int degree;

__global__ void poly(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
  for (int d = degree; d >= 0; --d) acc = acc * x[i] + coeffs[d];
  y[i] = acc;
}

int main() {
  float h_coeffs[8] = {1, 2, 3, 4, 0, 0, 0, 0};
  int h_degree = 3;
  cudaMemcpyToSymbol(coeffs, h_coeffs, sizeof(h_coeffs));
  cudaMemcpyToSymbol(degree, &h_degree, sizeof(int), 0, cudaMemcpyHostToDevice);
  float back[8];
  cudaMemcpyFromSymbol(back, coeffs, sizeof(back));
  float *x, *y;
  cudaMalloc(&x, 1024 * sizeof(float));
  cudaMalloc(&y, 1024 * sizeof(float));
  poly<<<4, 256>>>(x, y, 1024);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(y);
  return 0;
}
