// Driver API: initialise, pick a device, retain its primary context, allocate and copy.
#include <cstdio>
#include <cuda.h>

#define DRV(call)                                                  \
  do {                                                             \
    CUresult r_ = (call);                                          \
    if (r_ != CUDA_SUCCESS) {                                      \
      fprintf(stderr, "%s failed: error %d\n", #call, int(r_));     \
      return 1;                                                    \
    }                                                              \
  } while (0)

int main() {
  DRV(cuInit(0));
  int count = 0;
  DRV(cuDeviceGetCount(&count));
  CUdevice dev;
  DRV(cuDeviceGet(&dev, 0));
  char name[128];
  DRV(cuDeviceGetName(name, sizeof(name), dev));
  CUcontext ctx;
  DRV(cuDevicePrimaryCtxRetain(&ctx, dev));
  DRV(cuCtxSetCurrent(ctx));
  CUdeviceptr buf;
  DRV(cuMemAlloc(&buf, 1024));
  int host[256] = {0};
  DRV(cuMemcpyHtoD(buf, host, sizeof(host)));
  DRV(cuMemcpyDtoH(host, buf, sizeof(host)));
  DRV(cuMemFree(buf));
  DRV(cuDevicePrimaryCtxRelease(dev));
  printf("%d devices, first: %s\n", count, name);
  return 0;
}
