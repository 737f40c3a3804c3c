// Classes seen in real trees (polybench, rodinia, parboil, cuda-samples): a macro whose parameters are
// called min/max, host math inside a grid size, a shared array of a struct type, sizeof of a
// __constant__ table on the host, min() of operands whose types are not known here, a __constant__
// table inside an include guard.
#ifndef HOST_AND_MACRO_CU
#define HOST_AND_MACRO_CU
#include <cuda_runtime.h>
#include <math.h>
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define NB 16
struct cartesian { float x, y, z; };
struct props { int multiProcessorCount; };
__constant__ float bins[NB + 1];

__global__ void hist(const float *d, int n, int *out) {
  __shared__ struct cartesian pts[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  pts[threadIdx.x].x = i < n ? d[i] : 0.0f;
  __syncthreads();
  if (IN_RANGE(pts[threadIdx.x].x, bins[0], bins[NB])) atomicAdd(out, 1);
}

int launch(const float *d, int n, int *out, const float *h_bins, props p) {
  cudaMemcpyToSymbol(bins, h_bins, sizeof(bins));
  unsigned int blocks = (unsigned int)ceil(n / 64.0);
  int use = min(blocks, 4 * p.multiProcessorCount);
  dim3 grid((int)ceil(n / 64.0));
  hist<<<grid, 64>>>(d, n, out);
  return use;
}
#endif
