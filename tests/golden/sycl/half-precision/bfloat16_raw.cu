// llm.c builds a bfloat16 from its bits with __nv_bfloat16_raw{bits} (its __ldcs for toolkits before 12).
#include <cuda_bf16.h>
__device__ __nv_bfloat16 from_bits(unsigned short v) { return __nv_bfloat16_raw{v}; }
__device__ unsigned short bits_of(__nv_bfloat16 b) { __nv_bfloat16_raw r = b; return r.x; }
