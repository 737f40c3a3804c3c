// The driver's cuFuncSet* take a module function; HIP's hipFuncSet* take a kernel's host address:
// reported, not renamed. cuFuncGetAttribute has its HIP twin (hipFunction_t) and is renamed.
#include <hip/hip_runtime.h>

void tune(hipFunction_t f) {
  int regs = 0;
  hipFuncGetAttribute(&regs, HIP_FUNC_ATTRIBUTE_NUM_REGS, f);
  cuFuncSetCacheConfig(f, hipFuncCachePreferShared);
  cuFuncSetAttribute(f, HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 65536);
}
