#include <hip/hip_runtime.h>

int main() {
  hipDevice_t dev;
  hipCtx_t ctx;
  hipDeviceptr_t ptr;
  hipInit(0);
  hipDeviceGet(&dev, 0);
  hipDevicePrimaryCtxRetain(&ctx, dev);
  hipMalloc(&ptr, 64);
  hipFree(ptr);
  return hipDevicePrimaryCtxRelease(dev) == hipSuccess ? 0 : 1;
}
