// gpuport HIP-on-CUDA layer: hipRAND host API over cuRAND (renames generated into
// gpuport_hip_map_curand.h). cuRAND headers come from the PyPI nvidia-curand wheel.
#pragma once

#include "hip/hip_runtime_api.h"

#include <curand.h>

#include "gpuport_hip_map_curand.h"
