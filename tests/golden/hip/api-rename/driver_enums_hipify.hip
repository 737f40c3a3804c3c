// Driver API names HIP spells differently (taken from HIPIFY's tables): one-to-one renames, a type and
// its _enum alias, and attributes where HIP has one name for CUDA's width and height (marked review).
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

void query(hipDevice_t dev, hipFunction_t f) {
  unsigned int flags = hipHostMallocPortable | hipHostMallocMapped;
  hipFuncCache_t cache = hipFuncCachePreferShared;
  hipFuncCache_t cache2 = cache;
  hipArray_Format fmt = HIP_AD_FORMAT_FLOAT;
  hipMemoryType where = hipMemoryTypeDevice;
  int w = 0, h = 0;
  hipDeviceGetAttribute(&w, hipDeviceAttributeMaxSurface2D, dev);
  hipDeviceGetAttribute(&h, hipDeviceAttributeMaxSurface2D, dev);
  hipCtxSetCacheConfig(cache2);
  (void)flags; (void)fmt; (void)where;
}

// hiprtc's link API takes HIPRTC_JIT_* options where CU_JIT_* become hipJitOption*: marked for review.
void link(hiprtcLinkState *state) { hiprtcLinkCreate(0, nullptr, nullptr, state); }

// HIP's spellings where HIPIFY's tables differ from HIP's headers.
void ids(hipDevice_t dev) {
  int v = 0;
  hipDeviceGetAttribute(&v, hipDeviceAttributeMultiGpuBoardGroupID, dev);
  hipDeviceGetAttribute(&v, hipDeviceAttributeMaxBlocksPerMultiProcessor, dev);
}
