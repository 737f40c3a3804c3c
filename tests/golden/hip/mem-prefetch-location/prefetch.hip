#include <hip/hip_runtime.h>
static hipMemLocation where(int device) {
  hipMemLocation loc = {};
  loc.type = device == hipCpuDeviceId ? hipMemLocationTypeInvalid : hipMemLocationTypeDevice;
  loc.id = device == hipCpuDeviceId ? 0 : device;
  return loc;
}
void prefetch(const float* p, size_t n, int device, hipStream_t stream) {
  hipMemLocation loc = where(device);
  hipMemPrefetchAsync(p, n * sizeof(float), (loc.type == hipMemLocationTypeDevice ? loc.id : hipCpuDeviceId), stream);
  hipMemPrefetchAsync(p, n * sizeof(float), [](const hipMemLocation& l) { return l.type == hipMemLocationTypeDevice ? l.id : hipCpuDeviceId; }(where(device)));
  hipMemPrefetchAsync(p, n * sizeof(float), device, stream);  // pre-CUDA-13 form
}
