#pragma once
#include <hip/hip_runtime.h>

#define BLOCK 256

__global__ void block_sum(const float *in, float *out, int n);
