// tree-sitter-cuda reads the type of `__host__ __device__ operator cudaExtent()` as a member name: renamed all the same.
#include <cuda_runtime.h>
namespace cuda {
struct dimensions_t {
  size_t w, h, d;
  constexpr __host__ __device__ dimensions_t(cudaExtent e) : w(e.width), h(e.height), d(e.depth) {}
  constexpr __host__ __device__ operator cudaExtent() const { return { w, h, d }; }
};
inline cudaError_t sync() { return cudaDeviceSynchronize(); }
}
