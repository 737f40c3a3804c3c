#ifndef UTIL_H
#define UTIL_H

__device__ static inline int twice(int x) { return 2 * x; }

void check_error(cudaError_t err);

#endif
