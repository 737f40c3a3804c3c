// One function launches with `dim3` variables, another with integers of the same names: each launch
// reads the declarations of its own function (the integer launch had been built as range arithmetic).
#include <cstdio>

__global__ void fill(int *d, int v) { d[blockIdx.x * blockDim.x + threadIdx.x] = v; }

void with_dims(int *d) {
  dim3 grid(2), block(64);
  fill<<<grid, block>>>(d, 1);
}

void with_ints(int *d, int n) {
  unsigned int block = n < 64 ? n : 64;
  unsigned int grid = (n + block - 1) / block;
  fill<<<grid, block>>>(d, 2);
}

int main() {
  int *d, h[128];
  cudaMalloc(&d, sizeof(h));
  with_dims(d);
  with_ints(d, 64);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%d %d\n", h[0], h[127]);
  return 0;
}
