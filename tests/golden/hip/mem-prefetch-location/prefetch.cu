#include <cuda_runtime.h>
static cudaMemLocation where(int device) {
  cudaMemLocation loc = {};
  loc.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice;
  loc.id = device == cudaCpuDeviceId ? 0 : device;
  return loc;
}
void prefetch(const float* p, size_t n, int device, cudaStream_t stream) {
  cudaMemLocation loc = where(device);
  cudaMemPrefetchAsync(p, n * sizeof(float), loc, 0, stream);
  cudaMemPrefetchAsync(p, n * sizeof(float), where(device), 0);
  cudaMemPrefetchAsync(p, n * sizeof(float), device, stream);  // pre-CUDA-13 form
}
