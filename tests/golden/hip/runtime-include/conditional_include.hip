// A .cu file whose runtime include is compiled out by a switch it sets itself (an online judge's
// template): nvcc included the runtime all the same, so the HIP file gets it unconditionally.
#include <hip/hip_runtime.h>
#define JUDGE_NO_IMPORT
#ifndef JUDGE_NO_IMPORT
#include <hip/hip_runtime.h>
#endif

__global__ void scale(float *x, float a, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) x[i] *= a;
}
