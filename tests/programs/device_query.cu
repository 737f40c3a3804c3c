// Device management: count, properties, attributes, set device, memory info.
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    printf("no device\n");
    return 0;
  }
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, d);
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d);
    printf("%d: %s, cc %d.%d, %d SMs, warp %d, %zu bytes, shared/block %zu\n", d, prop.name, prop.major,
           prop.minor, sms, prop.warpSize, prop.totalGlobalMem, prop.sharedMemPerBlock);
  }
  cudaSetDevice(0);
  size_t free_bytes = 0, total_bytes = 0;
  cudaMemGetInfo(&free_bytes, &total_bytes);
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  cudaDriverGetVersion(&driver);
  printf("free %zu of %zu; runtime %d driver %d\n", free_bytes, total_bytes, runtime, driver);
  return 0;
}
