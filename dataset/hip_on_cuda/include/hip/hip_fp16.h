// gpuport HIP-on-CUDA layer: half precision. HIP's __half, __half2, half, __float2half, __hadd, ... have
// CUDA's names and meaning, so this is CUDA's header.
#pragma once

#include "hip/hip_common.h"

#include <cuda_fp16.h>
