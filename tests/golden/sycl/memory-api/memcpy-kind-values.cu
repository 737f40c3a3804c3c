// cudaMemcpyKind values outside copies (a project enum built from them, a kind variable) keep CUDA's numbers.
#include <cuda_runtime.h>
enum my_kind {
  MY_H2H = cudaMemcpyHostToHost,
  MY_H2D = cudaMemcpyHostToDevice,
  MY_D2H = cudaMemcpyDeviceToHost,
  MY_D2D = cudaMemcpyDeviceToDevice,
  MY_DEF = cudaMemcpyDefault
};
int copy(void *dst, const void *src, size_t n, enum my_kind kind) {
  cudaError_t err = cudaMemcpy(dst, src, n, (cudaMemcpyKind)kind);
  return err != cudaSuccess;
}
int copy2(void *dst, const void *src, size_t n, cudaMemcpyKind kind, cudaStream_t st) {
  cudaMemcpyKind k = kind == cudaMemcpyHostToHost ? cudaMemcpyDefault : kind;
  return cudaMemcpyAsync(dst, src, n, k, st);
}
