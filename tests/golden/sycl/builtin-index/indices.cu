#include <cuda_runtime.h>
#define GLOBAL_ID (blockIdx.x * blockDim.x + threadIdx.x)
__global__ void k3(int *out) {
    int t = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
    int b = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
    out[GLOBAL_ID] = t + b; // threadIdx.x in a comment stays
}
