// gpuport HIP-on-CUDA layer: hipSPARSE over cuSPARSE (renames generated into gpuport_hip_map_cusparse.h).
// cuSPARSE headers come from the PyPI nvidia-cusparse wheel.
#pragma once

#include "hip/hip_runtime_api.h"

#include <cusparse.h>

#include "gpuport_hip_map_cusparse.h"
