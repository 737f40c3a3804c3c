#include <sycl/sycl.hpp>
// device helpers shared by the units (a `.ch` file: KBLAS's name for CUDA headers)
#pragma once
inline int iDivUp(int a, int b) { return (a + b - 1) / b; }
inline float twice(float v) { return 2.0f * v; }
