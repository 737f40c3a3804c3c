// A kernel defined above the file's first include (HIPIFY's vec_add.cu): the SYCL header goes above it.
__global__ void vecAdd(float *A, float *B, float *C) {
  int i = threadIdx.x;
  C[i] = A[i] + B[i];
}
#include <stdio.h>

int main() {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  vecAdd<<<1, 32>>>(a, b, c);
  printf("done\n");
  return 0;
}
