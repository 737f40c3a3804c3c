// CUDA's version numbers have no HIP value (the CUDA samples' threadFenceReduction: `#if CUDART_VERSION >=
// 2020` then picks its pre-CUDA-2.2 branch under hipcc): every use is reported with what to do instead.
#include <hip/hip_runtime.h>
#include <cstdio>

int main() {
#if CUDART_VERSION >= 2020 && CUDA_VERSION >= 2020
  printf("runtime %d\n", CUDART_VERSION);
#else
  printf("too old\n");
#endif
  return 0;
}
