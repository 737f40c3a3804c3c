#ifndef UTIL_H
#ifdef __cplusplus
extern "C++" {
#endif
#include <hip/hip_runtime.h>
#ifdef __cplusplus
}
#endif
#define UTIL_H

__device__ static inline int twice(int x) { return 2 * x; }

void check_error(hipError_t err);

#endif
