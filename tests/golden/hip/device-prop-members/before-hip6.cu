// gpuport: hip_version=5.2
#include <cstdio>

// Sizing a shared-memory tile from the device's limits (HIP 6.0 added both member names).
int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  cudaDeviceProp *p = &prop;
  size_t per_sm = prop.sharedMemPerMultiprocessor;
  size_t per_block = p->sharedMemPerBlockOptin;
  printf("%zu %zu\n", per_sm, per_block);
  return 0;
}
