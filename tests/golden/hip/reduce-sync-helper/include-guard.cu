// gpuport: hip_version=5.2
// A kernel header wrapped in its include guard, which includes cooperative groups first (the CUDA
// samples' reduction_kernel.cu): the helper goes inside the guard, after the includes (the HIP runtime
// it calls comes with them), not before the guard. A use under a conditional with an #else keeps the
// helper outside that conditional.
#ifndef REDUCE_KERNEL_H
#define REDUCE_KERNEL_H

#include <cooperative_groups.h>
#include <stdio.h>

namespace cg = cooperative_groups;

__global__ void k(const int *in, int *out) {
  int v = in[threadIdx.x];
  out[0] = __reduce_add_sync(0xffffffffu, v);
}

#if defined(FAST_PATH)
__global__ void k2(const int *in, int *out) { out[0] = __reduce_max_sync(0xffffffffu, in[threadIdx.x]); }
#else
__global__ void k2(const int *in, int *out) { out[0] = in[0]; }
#endif

#endif  // REDUCE_KERNEL_H
