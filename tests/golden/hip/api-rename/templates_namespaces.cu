#include <cuda_runtime.h>
namespace lib {
template <typename T>
struct Buffer {
  T *data = nullptr;
  cudaError_t alloc(size_t n) { return cudaMalloc(&data, n * sizeof(T)); }
  ~Buffer() { cudaFree(data); }
};
}  // namespace lib

template <typename T>
cudaError_t copy_back(T *dst, const lib::Buffer<T> &src, size_t n, cudaStream_t stream = 0) {
  return cudaMemcpyAsync(dst, src.data, n * sizeof(T), cudaMemcpyDeviceToHost, stream);
}
