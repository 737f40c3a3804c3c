// Extended lambdas with both qualifiers (Thrust code: `[=] __host__ __device__ (size_t i)`): both go.
#include <cstddef>
void f(double *p) {
  auto g = [=] __host__ __device__ (size_t i0) { return p[i0] + 1; };
  auto h = [=] __device__ (int i) { return i; };
  auto k = [] __device__ __host__ (float v) { return 2 * v; };
  (void)g; (void)h; (void)k;
}
