// Device math: single and double precision functions and fast intrinsics.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void math(const float *x, float *y, double *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  y[i] = expf(v) + sinf(v) * cosf(v) + rsqrtf(v + 1.0f) + fmaf(v, v, 1.0f) + __expf(v) + __fdividef(v, 3.0f) +
         __saturatef(v) + fminf(v, 2.0f) + sqrtf(fabsf(v)) + powf(v, 2.0f) + log2f(v + 1.0f);
  double d = v;
  z[i] = exp(d) + log1p(d) + sqrt(d * d) + erf(d) + floor(d) + ceil(d) + __dmul_rn(d, 2.0);
}

int main() {
  float *x, *y;
  double *z;
  cudaMalloc(&x, 256 * sizeof(float));
  cudaMalloc(&y, 256 * sizeof(float));
  cudaMalloc(&z, 256 * sizeof(double));
  math<<<1, 256>>>(x, y, z, 256);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(y);
  cudaFree(z);
  return 0;
}
