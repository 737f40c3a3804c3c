#include <cuda_runtime.h>
__device__ int lane() { return threadIdx.x % 4; }
__device__ int twice_lane(int k) { return k * lane(); }
__device__ float square(float v) { return v * v; }
__global__ void k(int *o, float *f) {
    o[blockIdx.x] = twice_lane(2);
    f[0] = square(f[1]);
}
