#include <hip/hip_runtime.h>
__global__ void child(int *p, hipStream_t unused) { p[threadIdx.x] = 1; }
__device__ void helper(int *p) { child<<<1, 32>>>(p, 0); }
__global__ void parent(int *p) {
  if (threadIdx.x == 0) child<<<1, 32, 0, cudaStreamFireAndForget>>>(p, 0);
  helper(p);
}
void host(int *p) { parent<<<1, 1>>>(p); }
