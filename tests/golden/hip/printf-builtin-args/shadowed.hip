// A host program simulating a grid with its own threadIdx: not the built-in, left alone.
#include <hip/hip_runtime.h>
#include <cstdio>
struct Idx { unsigned x, y, z; };
int main() {
  Idx threadIdx = {1, 2, 3};
  printf("%u\n", threadIdx.x);
  return 0;
}
