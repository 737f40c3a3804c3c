// blocksparse overloads __ldg for its own half type: CUDA's overloads must stay callable (a template).
#include <cuda_fp16.h>
struct ehalf { unsigned short x; };
__device__ __forceinline__ ehalf __ldg(const ehalf *ptr) { ehalf r; r.x = ptr->x; return r; }
__device__ __forceinline__ float load(const float* __restrict__ in, int i = 0) { return __ldg(in + i); }
__device__ __forceinline__ ehalf load(const ehalf* __restrict__ in, int i = 0) { return __ldg(in + i); }
__global__ void k(const float *a, const ehalf *b, float *o) { o[0] = load(a) + __ldg(a + 1) + load(b).x; }
