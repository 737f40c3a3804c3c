// cudaMalloc in a comment stays; so does "cudaMalloc" in a string.
#include <cstdio>
#include <hip/hip_runtime.h>
#include "user-cuda.h"

static int my_cudaMalloc = 0;
struct Prop { int cudaThing; };

int main() {
  float *p;
  hipError_t err = hipMalloc(&p, 16);  /* cudaFree here too */
  printf("cudaMalloc: %s\n", hipGetErrorString(err));
  Prop prop;
  prop.cudaThing = my_cudaMalloc;
  char c = 'c';
  hipFree(p);
  return 0;
}
