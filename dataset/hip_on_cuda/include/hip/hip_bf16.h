// gpuport HIP-on-CUDA layer: __hip_bfloat16, HIP's spelling of CUDA's __nv_bfloat16. The conversion and
// arithmetic functions (__float2bfloat16, __bfloat162float, __hadd, ...) share CUDA's names.
#pragma once

#include "hip/hip_common.h"

#include <cuda_bf16.h>

// gpuport-hand: __hip_bfloat16 __hip_bfloat162 __hip_bfloat16_raw __hip_bfloat162_raw
typedef __nv_bfloat16 __hip_bfloat16;
typedef __nv_bfloat162 __hip_bfloat162;
typedef __nv_bfloat16_raw __hip_bfloat16_raw;
typedef __nv_bfloat162_raw __hip_bfloat162_raw;
