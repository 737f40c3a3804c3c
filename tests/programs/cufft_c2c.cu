// cuFFT: a 1-D complex-to-complex forward and inverse transform.
#include <cstdio>
#include <cuda_runtime.h>
#include <cufft.h>

int main() {
  const int n = 1024;
  cufftComplex *data;
  cudaMalloc(&data, n * sizeof(cufftComplex));
  cudaMemset(data, 0, n * sizeof(cufftComplex));
  cufftHandle plan;
  if (cufftPlan1d(&plan, n, CUFFT_C2C, 1) != CUFFT_SUCCESS) return 1;
  cufftExecC2C(plan, data, data, CUFFT_FORWARD);
  cufftExecC2C(plan, data, data, CUFFT_INVERSE);
  cudaDeviceSynchronize();
  cufftDestroy(plan);
  cudaFree(data);
  printf("fft done\n");
  return 0;
}
