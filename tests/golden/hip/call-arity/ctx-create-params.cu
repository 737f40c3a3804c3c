// CUDA 13's cuCtxCreate takes a CUctxCreateParams* before the flags (the CUDA samples' vectorAddDrv);
// HIP's hipCtxCreate(&ctx, flags, dev) has no such argument: a null one is dropped, any other is dropped
// for review (and its type is reported: HIP has no CUctxCreateParams).
#include <cuda.h>

void make(CUdevice dev) {
  CUcontext a, b;
  cuCtxCreate(&a, NULL, 0, dev);
  CUctxCreateParams params = {};
  cuCtxCreate(&b, &params, CU_CTX_SCHED_AUTO, dev);
  cuCtxCreate_v2(&a, 0, dev);
}
