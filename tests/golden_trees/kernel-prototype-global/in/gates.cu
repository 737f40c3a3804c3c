#include "gates.h"

__constant__ float matrix_const[2];

__global__ void apply_gate(float *state, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) state[i] = matrix_const[0] * state[i] + matrix_const[1];
}

template <typename F>
static int block_for(F) {  // names the kernel, as an occupancy query does
  return 64;
}

void run_gate(float *state, int n, const float *matrix) {
  cudaMemcpyToSymbol(matrix_const, matrix, 2 * sizeof(float));
  int block = block_for(apply_gate);
  apply_gate<<<(n + block - 1) / block, block>>>(state, n);
}
