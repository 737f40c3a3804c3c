// gpuport: hip_version=5.2
// HIP 5.2 has no hip/hip_bf16.h: the include is reported, not renamed to a header the target lacks.
#include <hip/hip_runtime.h>
#include <cuda_bf16.h>
#include <hip/hip_fp16.h>

__global__ void k(__half *h) { h[0] = __float2half(1.0f); }
