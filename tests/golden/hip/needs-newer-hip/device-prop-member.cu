// gpuport: hip_version=5.2
// A cudaDeviceProp member that hipDeviceProp_t lacks before HIP 6.0 (gups.cu): reported for an older
// target, never left for the compiler to reject ("no member named 'sharedMemPerBlockOptin'").
#include <cuda_runtime.h>
#include <cstdio>

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("%zu %zu\n", prop.sharedMemPerBlock, prop.sharedMemPerBlockOptin);
  return 0;
}
