// The first declaration follows the last include directly: the helpers go after the queue prelude,
// which the prelude rule inserts at the same point.
#include <sycl/sycl.hpp>

#ifndef GPUPORT_GPUPORT_HALF2
#define GPUPORT_GPUPORT_HALF2
// CUDA's __half2: two values with .x/.y fields.
struct alignas(4) gpuport_half2 {
  sycl::half x, y;
  gpuport_half2() = default;
  gpuport_half2(sycl::half gp_x, sycl::half gp_y) : x(gp_x), y(gp_y) {}
  gpuport_half2 &operator+=(gpuport_half2 o) { return *this = gpuport_half2(float(x) + float(o.x), float(y) + float(o.y)); }
  gpuport_half2 &operator-=(gpuport_half2 o) { return *this = gpuport_half2(float(x) - float(o.x), float(y) - float(o.y)); }
  gpuport_half2 &operator*=(gpuport_half2 o) { return *this = gpuport_half2(float(x) * float(o.x), float(y) * float(o.y)); }
  gpuport_half2 &operator/=(gpuport_half2 o) { return *this = gpuport_half2(float(x) / float(o.x), float(y) / float(o.y)); }
};
inline gpuport_half2 operator+(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(float(a.x) + float(b.x), float(a.y) + float(b.y)); }
inline gpuport_half2 operator-(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(float(a.x) - float(b.x), float(a.y) - float(b.y)); }
inline gpuport_half2 operator*(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(float(a.x) * float(b.x), float(a.y) * float(b.y)); }
inline gpuport_half2 operator/(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(float(a.x) / float(b.x), float(a.y) / float(b.y)); }
inline gpuport_half2 operator-(gpuport_half2 a) { return gpuport_half2(-float(a.x), -float(a.y)); }
inline bool operator==(gpuport_half2 a, gpuport_half2 b) { return float(a.x) == float(b.x) && float(a.y) == float(b.y); }
inline bool operator!=(gpuport_half2 a, gpuport_half2 b) { return !(a == b); }
#endif
#ifndef GPUPORT_H_hadd_half
#define GPUPORT_H_hadd_half
inline sycl::half gpuport_hadd(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(x + y); }
#endif
#ifndef GPUPORT_H_hadd_int
#define GPUPORT_H_hadd_int
inline int gpuport_hadd(int a, int b) { return int((static_cast<long long>(a) + b) >> 1); }
#endif
#ifndef GPUPORT_H_hadd2_half
#define GPUPORT_H_hadd2_half
inline gpuport_half2 gpuport_hadd2(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(gpuport_hadd(a.x, b.x), gpuport_hadd(a.y, b.y)); }
#endif

void twice(gpuport_half2 *p, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) p[i] = gpuport_hadd2(p[i], p[i]);
}
