#include <cuda_runtime.h>
__constant__ float coef[5];
__device__ int counter;
#define UPLOAD(sym, src) cudaMemcpyToSymbol(sym, src, sizeof(sym))

void run(const float *h, cudaStream_t s) {
  cudaMemcpyToSymbol(coef, h, 5 * sizeof(float));
  cudaMemcpyToSymbolAsync(coef, h, sizeof(float), 0, cudaMemcpyHostToDevice, s);
  int c = 0;
  cudaMemcpyFromSymbol(&c, counter, sizeof(int));
  cudaMemcpyFromSymbolAsync(&c, HIP_SYMBOL(counter), sizeof(int), 0, cudaMemcpyDeviceToHost, s);
  size_t bytes = 0;
  void *where = nullptr;
  cudaGetSymbolSize(&bytes, coef);
  cudaGetSymbolAddress(&where, coef);  // `where` is a void*: no cast needed
  UPLOAD(coef, h);
}
