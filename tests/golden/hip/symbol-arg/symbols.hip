#include <hip/hip_runtime.h>
__constant__ float coef[5];
__device__ int counter;
#define UPLOAD(sym, src) hipMemcpyToSymbol(HIP_SYMBOL(sym), src, sizeof(sym))

void run(const float *h, hipStream_t s) {
  hipMemcpyToSymbol(HIP_SYMBOL(coef), h, 5 * sizeof(float));
  hipMemcpyToSymbolAsync(HIP_SYMBOL(coef), h, sizeof(float), 0, hipMemcpyHostToDevice, s);
  int c = 0;
  hipMemcpyFromSymbol(&c, HIP_SYMBOL(counter), sizeof(int));
  hipMemcpyFromSymbolAsync(&c, HIP_SYMBOL(counter), sizeof(int), 0, hipMemcpyDeviceToHost, s);
  size_t bytes = 0;
  void *where = nullptr;
  hipGetSymbolSize(&bytes, HIP_SYMBOL(coef));
  hipGetSymbolAddress(&where, HIP_SYMBOL(coef));  // `where` is a void*: no cast needed
  UPLOAD(coef, h);
}
