// cudaMalloc in a comment stays; so does "cudaMalloc" in a string.
#include <cstdio>
#include <cuda_runtime.h>
#include "user-cuda.h"

static int my_cudaMalloc = 0;
struct Prop { int cudaThing; };

int main() {
  float *p;
  cudaError_t err = cudaMalloc(&p, 16);  /* cudaFree here too */
  printf("cudaMalloc: %s\n", cudaGetErrorString(err));
  Prop prop;
  prop.cudaThing = my_cudaMalloc;
  char c = 'c';
  cudaFree(p);
  return 0;
}
