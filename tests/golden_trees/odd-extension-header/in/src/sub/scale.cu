#include <cuda_runtime.h>
#include "util.ch"

__global__ void scale(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = twice(p[i]);
}

void run(float *p, int n, cudaStream_t s) { scale<<<iDivUp(n, 128), 128, 0, s>>>(p, n); }
