// gpuport: runtime_from=common.cuh
// A project header that includes the runtime itself (the tree's include graph says so): nothing added.
#include "common.cuh"

__global__ void fill(int *out) { out[threadIdx.x] = 1; }
