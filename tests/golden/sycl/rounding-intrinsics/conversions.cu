// CUDA's rounding-mode intrinsics: conversions, arithmetic and classification in a kernel.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void quantize(const float *x, const double *d, int *q, float *f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  q[i] = __isnanf(v) ? 0 : __float2int_rn(v * 4.0f);
  f[i] = __fadd_rz(__fmul_rn(v, 0.5f), __int2float_rn(i)) + __frcp_rn(v + 2.0f);
  if (__signbit(d[i])) f[i] = __double2float_rd(d[i]) + __fdiv_ru(1.0f, 3.0f);
  unsigned int hi = __double2hiint(d[i]);
  if (hi == 0) __nanosleep(100);
}

int main() {
  const int n = 8;
  float *x, *f;
  double *d;
  int *q;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&f, n * sizeof(float));
  cudaMallocManaged(&d, n * sizeof(double));
  cudaMallocManaged(&q, n * sizeof(int));
  for (int i = 0; i < n; ++i) {
    x[i] = 0.375f * i - 1.0f;
    d[i] = 1.0 - 0.25 * i;
  }
  quantize<<<1, n>>>(x, d, q, f, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) printf("%d %a\n", q[i], f[i]);
  return 0;
}
