// gpuport HIP-on-CUDA layer: the older top-level spelling of <hipsparse/hipsparse.h>.
#pragma once
#include "hipsparse/hipsparse.h"
