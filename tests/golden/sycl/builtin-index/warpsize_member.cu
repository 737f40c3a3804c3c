// cudaDeviceProp's warpSize member in host code is not the built-in variable.
#include <cstdio>
#include <cuda_runtime.h>
int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("warp %d\n", prop.warpSize);
  return 0;
}
