#include <cmath>
#include <sycl/sycl.hpp>
#include <algorithm>

constexpr int kItems = 4;

unsigned int ticket(int v) { return (unsigned int)v * 2u; }
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

// Merge-path style bounds: CUDA's min/max accept (unsigned, int) and compare as unsigned.
void bounds(int *out, const int *keys, unsigned int limit, size_t total, int la, int lb, const sycl::nd_item<3> &item) {
    const int diag = sycl::min(static_cast<unsigned int>(item.get_local_id(2) * kItems), static_cast<unsigned int>(la + lb));
    int lo = sycl::max(0, diag - lb);
    unsigned int cap = sycl::min(limit, static_cast<unsigned int>(la));
    size_t end = sycl::max(total, (size_t)la);
    unsigned int lane = sycl::min(static_cast<unsigned int>(item.get_local_id(2)), 31u);
    unsigned int hi = std::min(static_cast<unsigned int>(item.get_local_id(2)), limit);
    int k = sycl::min(keys[item.get_local_id(2)], la);
    unsigned int t = gpuport_min(static_cast<unsigned int>(item.get_local_id(2)), ticket(la));
    out[item.get_local_id(2)] = diag + lo + (int)cap + (int)end + (int)lane + (int)hi + k + (int)t;
}

// Float functions take any arithmetic argument in CUDA; SYCL's built-ins take one floating type.
void scale(float *y, const float *x, int n, double bias, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) {
        float v = sycl::fmax(x[i], 0.0f);
        float r = sycl::sqrt(static_cast<float>(n)) + sycl::fmin(v, static_cast<float>(1e-3));
        double w = sycl::fmax(static_cast<double>(v), bias) + sycl::sqrt(static_cast<double>(i));
        float p = sycl::pow(v, 2.0f) + sycl::exp(-v);
        y[i] = r * v + (float)w + p;
    }
}
