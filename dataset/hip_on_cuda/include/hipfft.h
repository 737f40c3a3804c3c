// gpuport HIP-on-CUDA layer: the older top-level spelling of <hipfft/hipfft.h>.
#pragma once
#include "hipfft/hipfft.h"
