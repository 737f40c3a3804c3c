#pragma once
__global__ void dequantize(const unsigned char *q, float *out, int n, float scale);
