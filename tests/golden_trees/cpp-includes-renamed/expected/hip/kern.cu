#pragma once
#include <hip/hip_runtime.h>
__global__ void twice(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= 2;
}

inline void run_twice(int *h, int n) {
  int *d;
  hipMalloc(&d, n * sizeof(int));
  hipMemcpy(d, h, n * sizeof(int), hipMemcpyHostToDevice);
  twice<<<(n + 63) / 64, 64>>>(d, n);
  hipMemcpy(h, d, n * sizeof(int), hipMemcpyDeviceToHost);
  hipFree(d);
}
