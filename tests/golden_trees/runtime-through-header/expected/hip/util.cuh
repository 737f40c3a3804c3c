#pragma once
#include <hip/hip_runtime.h>

__device__ __forceinline__ float twice(float x) { return 2.0f * x; }
