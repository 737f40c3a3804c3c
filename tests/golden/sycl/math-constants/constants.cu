// CUDA's named constants from math_constants.h, read in a kernel and on the host.
#include <cstdio>
#include <math_constants.h>

__global__ void circle(float *out, float r) {
  out[0] = 2.0f * CUDART_PI_F * r;
  out[1] = CUDART_SQRT_HALF_F;
  out[2] = CUDART_INF_F;
  out[3] = CUDART_MIN_DENORM_F;
}

int main() {
  float *out;
  cudaMallocManaged(&out, 4 * sizeof(float));
  circle<<<1, 1>>>(out, 0.5f);
  cudaDeviceSynchronize();
  printf("%a %a %a %a\n", out[0], out[1], out[2], out[3]);
  printf("%a %a %a %d\n", CUDART_PI, CUDART_LN2, CUDART_2_OVER_PI, CUDART_NAN != CUDART_NAN);
  cudaFree(out);
  return 0;
}
