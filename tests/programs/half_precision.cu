// Half precision: __half and __half2 arithmetic with conversions.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void axpy_half(int n, float a, const __half *x, __half *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half ha = __float2half(a);
    y[i] = __hadd(__hmul(ha, x[i]), y[i]);
  }
}

__global__ void dot_half2(int n2, const __half2 *x, const __half2 *y, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n2) {
    __half2 p = __hmul2(x[i], y[i]);
    atomicAdd(out, __low2float(p) + __high2float(p));
  }
}

__global__ void fill(int n, __half *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = __float2half(0.5f * i);
}

int main() {
  const int n = 2048;
  __half *x, *y;
  float *out;
  cudaMalloc(&x, n * sizeof(__half));
  cudaMalloc(&y, n * sizeof(__half));
  cudaMalloc(&out, sizeof(float));
  fill<<<n / 256, 256>>>(n, x);
  fill<<<n / 256, 256>>>(n, y);
  axpy_half<<<n / 256, 256>>>(n, 2.0f, x, y);
  dot_half2<<<n / 512, 256>>>(n / 2, reinterpret_cast<__half2 *>(x), reinterpret_cast<__half2 *>(y), out);
  float h = 0;
  cudaMemcpy(&h, out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("dot %f\n", h);
  cudaFree(x);
  cudaFree(y);
  cudaFree(out);
  return 0;
}
