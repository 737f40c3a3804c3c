// gpuport HIP-on-CUDA layer: the older top-level spelling of <hipblas/hipblas.h>.
#pragma once
#include "hipblas/hipblas.h"
