// gpuport HIP-on-CUDA layer: hipRAND host API over cuRAND (renames generated into
// gpuport_hip_map_curand.h). cuRAND headers come from the PyPI nvidia-curand wheel.
#pragma once
// ROCm's include guards, which CUDA helper headers translated to HIP test (`#ifdef
// HIP_INCLUDE_HIP_HIP_RUNTIME_H` from `#ifdef __CUDA_RUNTIME_H__`): this layer stands for those headers.
#define HIPRAND_H_

#include "hip/hip_runtime_api.h"

#include <curand.h>

#include "gpuport_hip_map_curand.h"
