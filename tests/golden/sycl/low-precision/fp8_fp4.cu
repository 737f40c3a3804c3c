// CUDA's 8- and 4-bit float types (cuda_fp8.h, cuda_fp4.h): encodings of many floats and special values,
// and the floats they decode to; tests/test_sycl_libs_run.py checks every line against exact rounding.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_fp4.h>
__global__ void codec(const float *x, unsigned char *e4, unsigned char *e5, unsigned short *f4, float *back, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const __nv_fp8_e4m3 a(x[i]);
  const __nv_fp8_e5m2 b(x[i]);
  e4[i] = a.__x;
  e5[i] = b.__x;
  back[3 * i] = static_cast<float>(a);
  back[3 * i + 1] = static_cast<float>(b);
  const __nv_fp4x4_e2m1 q(make_float4(x[i], -x[i], 0.5f * x[i], 2.0f * x[i]));
  const __nv_fp4x4_storage_t s = q.__x;
  f4[i] = s;
  __nv_fp4_e2m1 one(x[i]);
  back[3 * i + 2] = static_cast<float>(one);
}
__global__ void scales(float *out) {
  const __nv_bfloat16 e = __nv_cvt_e8m0_to_bf16raw((unsigned char)threadIdx.x);
  out[threadIdx.x] = (float)e;
}
int main() {
  const int n = 4096;
  float *x, *back;
  unsigned char *e4, *e5;
  unsigned short *f4;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&back, 3 * n * sizeof(float));
  cudaMallocManaged(&e4, n);
  cudaMallocManaged(&e5, n);
  cudaMallocManaged(&f4, n * sizeof(unsigned short));
  unsigned int seed = 12345u;
  for (int i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    // magnitudes from 2^-24 to 2^20, both signs; a few special values
    float m = (float)(seed >> 8) / 16777216.0f;
    x[i] = ldexpf(1.0f + m, (int)(seed % 45) - 24) * ((seed >> 7) & 1 ? -1.0f : 1.0f);
  }
  x[0] = 0.0f; x[1] = 448.0f; x[2] = 464.0f; x[3] = 470.0f; x[4] = 1e30f; x[5] = -INFINITY; x[6] = NAN;
  x[7] = 57344.0f; x[8] = 61439.0f; x[9] = 61440.0f; x[10] = 0.25f; x[11] = 5.0f; x[12] = 0.75f; x[13] = 1.0f / 512.0f;
  codec<<<n / 256, 256>>>(x, e4, e5, f4, back, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; i++) printf("%08x %02x %02x %04x %08x %08x %08x\n", *(unsigned *)&x[i], e4[i], e5[i], f4[i], *(unsigned *)&back[3 * i], *(unsigned *)&back[3 * i + 1], *(unsigned *)&back[3 * i + 2]);
  float *sc;
  cudaMallocManaged(&sc, 256 * sizeof(float));
  scales<<<1, 256>>>(sc);
  cudaDeviceSynchronize();
  for (int i = 0; i < 256; i++) printf("e8m0 %d %08x\n", i, *(unsigned *)&sc[i]);
  return 0;
}
