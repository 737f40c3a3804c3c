// gpuport HIP-on-CUDA layer: hipFFT over cuFFT (renames generated into gpuport_hip_map_cufft.h). cuFFT
// headers come from the PyPI nvidia-cufft wheel.
#pragma once

#include "hip/hip_runtime_api.h"

#include <cufft.h>

#include "gpuport_hip_map_cufft.h"
