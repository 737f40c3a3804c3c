// gpuport: hip_version=5.2
#include <hip/hip_runtime.h>
#include <cstdio>

// Sizing a shared-memory tile from the device's limits (HIP 6.0 added both member names).
int main() {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, 0);
  hipDeviceProp_t *p = &prop;
  size_t per_sm = prop.maxSharedMemoryPerMultiProcessor;
  size_t per_block = p->sharedMemPerBlock;
  printf("%zu %zu\n", per_sm, per_block);
  return 0;
}
