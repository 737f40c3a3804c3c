// The driver's cuFuncSet* take a module function; HIP's hipFuncSet* take a kernel's host address:
// reported, not renamed. cuFuncGetAttribute has its HIP twin (hipFunction_t) and is renamed.
#include <cuda.h>

void tune(CUfunction f) {
  int regs = 0;
  cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, f);
  cuFuncSetCacheConfig(f, CU_FUNC_CACHE_PREFER_SHARED);
  cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 65536);
}
