// gpuport HIP-on-CUDA layer: hipRAND device API (hiprand_init, hiprand_uniform, hiprandState_t, ...) over
// cuRAND's curand_kernel.h. Same generators, same sequences: a seed gives the numbers the CUDA original got.
#pragma once

#include <curand_kernel.h>

#include "hiprand/hiprand.h"
