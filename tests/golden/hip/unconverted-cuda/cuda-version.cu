// CUDA's version numbers have no HIP value of their own (the CUDA samples' threadFenceReduction: `#if
// CUDART_VERSION >= 2020` would pick its pre-CUDA-2.2 branch under hipcc): GP262 defines them as 12080.
#include <cuda_runtime.h>
#include <cstdio>

int main() {
#if CUDART_VERSION >= 2020 && CUDA_VERSION >= 2020
  printf("runtime %d\n", CUDART_VERSION);
#else
  printf("too old\n");
#endif
  return 0;
}
