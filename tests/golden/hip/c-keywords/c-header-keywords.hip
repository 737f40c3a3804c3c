// A C project's header shared by .c and .cu files: _Bool and __auto_type get a C++-only meaning.
#include <hip/hip_runtime.h>
#include <stdio.h>
// a _Bool in a comment stays, as does "_Bool" in a string
#if defined(__cplusplus) && !defined(_Bool)
#define _Bool bool
#endif
extern _Bool debug_logging;
#if defined(__cplusplus) && !defined(__auto_type)
#define __auto_type auto
#endif
static inline int twice(int v) { __auto_type x = v; return 2 * x; }
__global__ void scale(int *a, _Bool negate) {
  int i = threadIdx.x;
  a[i] = negate ? -a[i] : a[i];
}
int main(void) {
  int *d;
  hipMalloc(&d, 32 * sizeof(int));
  scale<<<1, 32>>>(d, 1);
  printf("%s %d\n", "_Bool", twice(2));
  return 0;
}
