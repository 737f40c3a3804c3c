// An include guard is not a condition: the runtime include inside it stays the only one.
#ifndef A_H
#define A_H
#include <hip/hip_runtime.h>
__global__ void k() {}
#endif
