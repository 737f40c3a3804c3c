// cuComplex: complex multiply-accumulate on the device.
#include <cstdio>
#include <cuComplex.h>
#include <cuda_runtime.h>

__global__ void cmac(int n, cuFloatComplex a, const cuFloatComplex *x, cuFloatComplex *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = cuCaddf(cuCmulf(a, x[i]), y[i]);
}

__global__ void magnitudes(int n, const cuDoubleComplex *z, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = cuCabs(z[i]) + cuCreal(cuConj(z[i])) - cuCimag(z[i]);
}

int main() {
  const int n = 1024;
  cuFloatComplex *x, *y;
  cuDoubleComplex *z;
  double *m;
  cudaMalloc(&x, n * sizeof(cuFloatComplex));
  cudaMalloc(&y, n * sizeof(cuFloatComplex));
  cudaMalloc(&z, n * sizeof(cuDoubleComplex));
  cudaMalloc(&m, n * sizeof(double));
  cuFloatComplex a = make_cuFloatComplex(1.0f, -1.0f);
  printf("a = %f%+fi\n", cuCrealf(a), cuCimagf(a));
  cmac<<<n / 256, 256>>>(n, a, x, y);
  magnitudes<<<n / 256, 256>>>(n, z, m);
  cudaDeviceSynchronize();
  cudaFree(x);
  cudaFree(y);
  cudaFree(z);
  cudaFree(m);
  return 0;
}
