#include <sycl/sycl.hpp>
#include <limits>
#include <cmath>
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

struct Box {
    static float max(float a, float b) { return a > b ? a : b; }
};

template <typename T>
T lowest_above(const T *v, int n)
{
    T best = std::numeric_limits<T>::max();
    for (int i = 0; i < n; ++i)
        best = v[i] > 0 ? gpuport_min(best, v[i]) : best;
    return Box::max(best, ::sycl::sqrt(best));
}
