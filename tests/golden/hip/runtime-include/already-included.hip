// The runtime is included: nothing is added.
#include <hip/hip_runtime.h>

__global__ void fill(int *out) { out[threadIdx.x] = 1; }
