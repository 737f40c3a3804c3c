#pragma once

__device__ __forceinline__ float square(float x) { return x * x; }

#define CHECK(call)                  \
    do {                             \
        cudaError_t err_ = (call);   \
        if (err_ != cudaSuccess)     \
            return 1;                \
    } while (0)
