// device helpers shared by the units (a `.ch` file: KBLAS's name for CUDA headers)
#pragma once
#include <hip/hip_runtime.h>
__host__ __device__ inline int iDivUp(int a, int b) { return (a + b - 1) / b; }
__device__ inline float twice(float v) { return 2.0f * v; }
