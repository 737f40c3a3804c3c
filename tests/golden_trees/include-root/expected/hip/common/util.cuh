#pragma once
#include <hip/hip_runtime.h>

__device__ __forceinline__ float square(float x) { return x * x; }

#define CHECK(call)                  \
    do {                             \
        hipError_t err_ = (call);   \
        if (err_ != hipSuccess)     \
            return 1;                \
    } while (0)
