// gpuport: hip_version=5.2
// cudaDeviceProp members that hipDeviceProp_t lacks before HIP 6.0: gups.cu's sharedMemPerBlockOptin is
// read from sharedMemPerBlock (GP135, its value on AMD GPUs); asyncEngineCount has no older field and is
// reported, never left for the compiler to reject ("no member named 'asyncEngineCount'").
#include <hip/hip_runtime.h>
#include <cstdio>

int main() {
  hipDeviceProp_t prop;
  hipGetDeviceProperties(&prop, 0);
  printf("%zu %zu %d\n", prop.sharedMemPerBlock, prop.sharedMemPerBlock, prop.asyncEngineCount);
  return 0;
}
