// A dual-source header defines CUDA's bf16 helper for ROCm builds only (bitsandbytes' compat, under
// `#if BNB_HIP`): nvcc uses CUDA's own, so the uses are translated and the HIP branch stays as written.
#include <cuda_bf16.h>
#if BNB_HIP
__device__ __forceinline__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162(a, b); }
#endif
#ifndef USE_HIP
#define BF(a, b) __floats2bfloat162_rn(a, b)
#else
#define cudaMalloc hipMalloc
#endif
__global__ void k(__nv_bfloat162 *o) { o[threadIdx.x] = __floats2bfloat162_rn(1.0f, 2.0f); o[0] = BF(3.0f, 4.0f); }
