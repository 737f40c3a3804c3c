// gpuport HIP-on-CUDA layer: vector types. HIP's float4, int2, dim3, make_float4, ... have CUDA's names.
#pragma once

#include "hip/hip_common.h"

#include <cuda_runtime.h>
#include <vector_functions.h>
#include <vector_types.h>
