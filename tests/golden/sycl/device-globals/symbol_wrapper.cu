// Dual-source code wraps the symbol argument in a macro (qulacs' GPU_SYMBOL: empty under CUDA, HIP_SYMBOL
// under HIP): the copy still finds the global inside it.
#include <cstdio>
#define GPU_SYMBOL
__constant__ float coef[4];
__global__ void k(float *o) { o[threadIdx.x] = coef[threadIdx.x]; }
int main() {
  float h[4] = {1, 2, 3, 4}, *d, r[4];
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaMemcpyToSymbolAsync(GPU_SYMBOL(coef), h, sizeof(h), 0, cudaMemcpyHostToDevice, s);
  cudaMalloc(&d, sizeof(r));
  k<<<1, 4, 0, s>>>(d);
  cudaMemcpyAsync(r, d, sizeof(r), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  printf(r[3] == 4 ? "PASS\n" : "FAIL\n");
  return 0;
}
