// gpuport HIP-on-CUDA layer: cooperative groups. HIP uses CUDA's namespace (cooperative_groups) and names.
#pragma once

// CUDA's header first, so the mask-less warp macros of hip_runtime.h are not yet defined while it is read.
#include <cooperative_groups.h>

#include "hip/hip_runtime.h"

#include "gpuport_hip_map_cooperative_groups.h"
