// Warp votes with masks: ballot, any, all, activemask, and a mask held in a variable.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void votes(const int *in, int *counts, int *flags) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned long long ballot = __ballot_sync(0xffffffff, v > 0);
  int any_neg = __any_sync(0xffffffff, v < 0);
  int all_pos = __all_sync(0xFFFFFFFFu, v > 0);
  unsigned long long active = __activemask();
  if ((threadIdx.x & 31) == 0) {
    atomicAdd(&counts[0], __popcll(ballot));
    atomicAdd(&counts[1], __popcll(active));
    flags[0] = any_neg;
    flags[1] = all_pos;
  }
  __syncwarp();
}

int main() {
  int *in, *counts, *flags;
  cudaMalloc(&in, 256 * sizeof(int));
  cudaMalloc(&counts, 2 * sizeof(int));
  cudaMalloc(&flags, 2 * sizeof(int));
  cudaMemset(in, 0, 256 * sizeof(int));
  votes<<<1, 256>>>(in, counts, flags);
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(counts);
  cudaFree(flags);
  return 0;
}
