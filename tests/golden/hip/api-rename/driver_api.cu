#include <cuda.h>

int main() {
  CUdevice dev;
  CUcontext ctx;
  CUdeviceptr ptr;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuDevicePrimaryCtxRetain(&ctx, dev);
  cuMemAlloc(&ptr, 64);
  cuMemFree(ptr);
  return cuDevicePrimaryCtxRelease(dev) == CUDA_SUCCESS ? 0 : 1;
}
