// cufftXt's single-GPU plans (simpleCUFFT's advanced plan, VkFFT's half-precision benchmark): the element
// types are cudaDataType values; half data is stored as half.
#include <cstdio>
#include <cuda_fp16.h>
#include <cufft.h>
#include <cufftXt.h>

int main() {
  const int n = 8, batch = 2;
  long long len = n;
  float2 h[n * batch];
  half2 hh[n * batch];
  for (int i = 0; i < n * batch; ++i) {
    h[i].x = (float)(i % 5) - 1.5f;
    h[i].y = 0.25f * (float)(i % 3);
    hh[i].x = __float2half(h[i].x);
    hh[i].y = __float2half(h[i].y);
  }
  float2 *d;
  half2 *dh;
  cudaMalloc((void **)&d, sizeof(h));
  cudaMalloc((void **)&dh, sizeof(hh));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  cudaMemcpy(dh, hh, sizeof(hh), cudaMemcpyHostToDevice);

  cufftHandle plan, planHalf;
  size_t work = 1;
  cufftCreate(&plan);
  cufftResult r = cufftXtMakePlanMany(plan, 1, &len, NULL, 1, 1, CUDA_C_32F, NULL, 1, 1, CUDA_C_32F, batch, &work,
                                      CUDA_C_32F);
  cufftExecC2C(plan, d, d, CUFFT_FORWARD);
  cufftCreate(&planHalf);
  r = (cufftResult)(r | cufftXtMakePlanMany(planHalf, 1, &len, NULL, 1, 1, CUDA_C_16F, NULL, 1, 1, CUDA_C_16F, batch,
                                            &work, CUDA_C_16F));
  cufftXtExec(planHalf, dh, dh, CUFFT_FORWARD);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  cudaMemcpy(hh, dh, sizeof(hh), cudaMemcpyDeviceToHost);
  printf("status %d %d\n", (int)r, (int)work);
  printf("f32");
  for (int i = 0; i < n * batch; ++i) printf(" %.5f %.5f", h[i].x, h[i].y);
  printf("\nf16");
  for (int i = 0; i < n * batch; ++i) printf(" %.3f %.3f", __half2float(hh[i].x), __half2float(hh[i].y));
  printf("\n");
  cufftDestroy(plan);
  cufftDestroy(planHalf);
  cudaFree(d);
  cudaFree(dh);
  return 0;
}
