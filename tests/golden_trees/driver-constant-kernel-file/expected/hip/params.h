#pragma once
#include <hip/hip_runtime.h>
struct params { int n; float scale; };
__global__ void fill_kernel(float *d, float v);
