// Driver API names HIP spells differently (taken from HIPIFY's tables): one-to-one renames, a type and
// its _enum alias, and attributes where HIP has one name for CUDA's width and height (marked review).
#include <cuda.h>

void query(CUdevice dev, CUfunction f) {
  unsigned int flags = CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP;
  CUfunc_cache cache = CU_FUNC_CACHE_PREFER_SHARED;
  CUfunc_cache_enum cache2 = cache;
  CUarray_format fmt = CU_AD_FORMAT_FLOAT;
  CUmemorytype where = CU_MEMORYTYPE_DEVICE;
  int w = 0, h = 0;
  cuDeviceGetAttribute(&w, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH, dev);
  cuDeviceGetAttribute(&h, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT, dev);
  cuCtxSetCacheConfig(cache2);
  (void)flags; (void)fmt; (void)where;
}

// hiprtc's link API takes HIPRTC_JIT_* options where CU_JIT_* become hipJitOption*: marked for review.
void link(CUlinkState *state) { cuLinkCreate(0, nullptr, nullptr, state); }

// HIP's spellings where HIPIFY's tables differ from HIP's headers.
void ids(CUdevice dev) {
  int v = 0;
  cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID, dev);
  cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, dev);
}
