// tree-sitter-cuda reads the type of `__host__ __device__ operator cudaExtent()` as a member name: renamed all the same.
#include <hip/hip_runtime.h>
namespace cuda {
struct dimensions_t {
  size_t w, h, d;
  constexpr __host__ __device__ dimensions_t(hipExtent e) : w(e.width), h(e.height), d(e.depth) {}
  constexpr __host__ __device__ operator hipExtent() const { return { w, h, d }; }
};
inline hipError_t sync() { return hipDeviceSynchronize(); }
}
