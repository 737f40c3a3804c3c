// gpuport: hip_version=6.2
// HIP 5.6 and later have hip/hip_bf16.h.
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

__global__ void k(__half *h) { h[0] = __float2half(1.0f); }
