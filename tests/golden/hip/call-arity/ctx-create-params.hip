// CUDA 13's cuCtxCreate takes a CUctxCreateParams* before the flags (the CUDA samples' vectorAddDrv);
// HIP's hipCtxCreate(&ctx, flags, dev) has no such argument: a null one is dropped, any other is dropped
// for review (and its type is reported: HIP has no CUctxCreateParams).
#include <hip/hip_runtime.h>

void make(hipDevice_t dev) {
  hipCtx_t a, b;
  hipCtxCreate(&a, 0, dev);
  CUctxCreateParams params = {};
  hipCtxCreate(&b, hipDeviceScheduleAuto, dev);
  hipCtxCreate(&a, 0, dev);
}
