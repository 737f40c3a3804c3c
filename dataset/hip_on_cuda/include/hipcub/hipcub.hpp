// gpuport HIP-on-CUDA layer: hipCUB over CUB. hipCUB mirrors CUB's API, so hipcub names CUB's entities.
//
// A plain `namespace hipcub = cub;` is not enough with CUDA 13: CCCL 3 removed CUB's functor structs
// (cub::Sum, cub::Max, ...) in favour of cuda::std::plus<> and cuda::maximum<>, but hipCUB still has them
// and hipified code passes hipcub::Sum() to reductions and scans. So hipcub is a namespace that makes all of
// cub visible (qualified lookup of hipcub::BlockReduce finds cub::BlockReduce) and adds those functors as
// the CCCL types CUB recognises for its fast paths.
#pragma once

// CUB first: the hip_runtime.h warp macros must not be defined while CUDA's headers are read.
#include <cub/cub.cuh>
#include <cuda/functional>
#include <cuda/std/functional>

#include "hip/hip_runtime.h"

namespace hipcub {
using namespace ::cub;

using Sum = ::cuda::std::plus<>;
using Difference = ::cuda::std::minus<>;
using Division = ::cuda::std::divides<>;
using Equality = ::cuda::std::equal_to<>;
using Inequality = ::cuda::std::not_equal_to<>;
using Max = ::cuda::maximum<>;
using Min = ::cuda::minimum<>;
}  // namespace hipcub

#include "gpuport_hip_map_cub.h"
