// gpuport HIP-on-CUDA layer: texture types. Texture objects only: CUDA 12 removed texture references.
#pragma once

#include "hip/hip_runtime_api.h"

#include <cuda_texture_types.h>
#include <texture_types.h>
