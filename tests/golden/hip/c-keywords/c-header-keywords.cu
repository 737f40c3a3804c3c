// A C project's header shared by .c and .cu files: _Bool and __auto_type get a C++-only meaning.
#include <stdio.h>
// a _Bool in a comment stays, as does "_Bool" in a string
extern _Bool debug_logging;
static inline int twice(int v) { __auto_type x = v; return 2 * x; }
__global__ void scale(int *a, _Bool negate) {
  int i = threadIdx.x;
  a[i] = negate ? -a[i] : a[i];
}
int main(void) {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  scale<<<1, 32>>>(d, 1);
  printf("%s %d\n", "_Bool", twice(2));
  return 0;
}
