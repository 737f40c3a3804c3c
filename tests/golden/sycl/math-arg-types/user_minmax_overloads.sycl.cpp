#include <sycl/sycl.hpp>
#include <cmath>
// A helper header's pattern (cuda-samples' helper_math.h): the file defines min/max for its vector
// types, and inside them, and in its own scalar helpers, calls CUDA's built-in scalar min/max.
struct int2v { int x, y; };
#ifndef GPUPORT_MINMAX
#define GPUPORT_MINMAX
// CUDA's min/max take mixed argument types (compared in their common type); sycl::min/max take one.
// CUDA's abs takes floats too; sycl::abs takes integers only.
template <typename A, typename B> inline std::common_type_t<A, B> gpuport_min(A a, B b) {
  return sycl::min(std::common_type_t<A, B>(a), std::common_type_t<A, B>(b));
}
template <typename A, typename B> inline std::common_type_t<A, B> gpuport_max(A a, B b) {
  return sycl::max(std::common_type_t<A, B>(a), std::common_type_t<A, B>(b));
}
template <typename T> inline T gpuport_abs(T x) {
  if constexpr (std::is_floating_point_v<T>) return sycl::fabs(x); else return sycl::abs(x);
}
#endif

inline int2v min(int2v a, int2v b)
{
    int2v r = {gpuport_min(a.x, b.x), gpuport_min(a.y, b.y)};
    return r;
}

inline int clamp(int f, int a, int b)
{
    return gpuport_max(a, sycl::min(f, b));
}

inline float clampf(float f, float a, float b)
{
    return gpuport_max(a, sycl::min(f, b));
}

void clamp_all(int *v, int n, int lo, int hi, const sycl::nd_item<3> &item)
{
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n)
        v[i] = clamp(v[i], lo, hi);
}
