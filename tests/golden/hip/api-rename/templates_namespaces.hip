#include <hip/hip_runtime.h>
namespace lib {
template <typename T>
struct Buffer {
  T *data = nullptr;
  hipError_t alloc(size_t n) { return hipMalloc(&data, n * sizeof(T)); }
  ~Buffer() { hipFree(data); }
};
}  // namespace lib

template <typename T>
hipError_t copy_back(T *dst, const lib::Buffer<T> &src, size_t n, hipStream_t stream = 0) {
  return hipMemcpyAsync(dst, src.data, n * sizeof(T), hipMemcpyDeviceToHost, stream);
}
