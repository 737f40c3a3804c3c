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
#ifndef GPUPORT_H_hcos_half
#define GPUPORT_H_hcos_half
inline sycl::half gpuport_hcos(sycl::half a) { float x = a; return sycl::half(sycl::cos(x)); }
#endif
#ifndef GPUPORT_H_hexp_half
#define GPUPORT_H_hexp_half
inline sycl::half gpuport_hexp(sycl::half a) { float x = a; return sycl::half(sycl::exp(x)); }
#endif
#ifndef GPUPORT_H_hfloor_half
#define GPUPORT_H_hfloor_half
inline sycl::half gpuport_hfloor(sycl::half a) { float x = a; return sycl::half(sycl::floor(x)); }
#endif
#ifndef GPUPORT_H_hlog_half
#define GPUPORT_H_hlog_half
inline sycl::half gpuport_hlog(sycl::half a) { float x = a; return sycl::half(sycl::log(x)); }
#endif
#ifndef GPUPORT_H_hrcp_half
#define GPUPORT_H_hrcp_half
inline sycl::half gpuport_hrcp(sycl::half a) { float x = a; return sycl::half(1.0f / x); }
#endif
#ifndef GPUPORT_H_hrsqrt_half
#define GPUPORT_H_hrsqrt_half
inline sycl::half gpuport_hrsqrt(sycl::half a) { float x = a; return sycl::half(sycl::rsqrt(x)); }
#endif
#ifndef GPUPORT_H_hsin_half
#define GPUPORT_H_hsin_half
inline sycl::half gpuport_hsin(sycl::half a) { float x = a; return sycl::half(sycl::sin(x)); }
#endif
#ifndef GPUPORT_H_hsqrt_half
#define GPUPORT_H_hsqrt_half
inline sycl::half gpuport_hsqrt(sycl::half a) { float x = a; return sycl::half(sycl::sqrt(x)); }
#endif
#ifndef GPUPORT_H_h2cos_half
#define GPUPORT_H_h2cos_half
inline gpuport_half2 gpuport_h2cos(gpuport_half2 a) { return gpuport_half2(gpuport_hcos(a.x), gpuport_hcos(a.y)); }
#endif
#ifndef GPUPORT_H_h2exp_half
#define GPUPORT_H_h2exp_half
inline gpuport_half2 gpuport_h2exp(gpuport_half2 a) { return gpuport_half2(gpuport_hexp(a.x), gpuport_hexp(a.y)); }
#endif
#ifndef GPUPORT_H_h2log_half
#define GPUPORT_H_h2log_half
inline gpuport_half2 gpuport_h2log(gpuport_half2 a) { return gpuport_half2(gpuport_hlog(a.x), gpuport_hlog(a.y)); }
#endif
#ifndef GPUPORT_H_h2rcp_half
#define GPUPORT_H_h2rcp_half
inline gpuport_half2 gpuport_h2rcp(gpuport_half2 a) { return gpuport_half2(gpuport_hrcp(a.x), gpuport_hrcp(a.y)); }
#endif
#ifndef GPUPORT_H_h2sin_half
#define GPUPORT_H_h2sin_half
inline gpuport_half2 gpuport_h2sin(gpuport_half2 a) { return gpuport_half2(gpuport_hsin(a.x), gpuport_hsin(a.y)); }
#endif
#ifndef GPUPORT_H_h2sqrt_half
#define GPUPORT_H_h2sqrt_half
inline gpuport_half2 gpuport_h2sqrt(gpuport_half2 a) { return gpuport_half2(gpuport_hsqrt(a.x), gpuport_hsqrt(a.y)); }
#endif

void hmath(sycl::half *h, gpuport_half2 *h2, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= n) return;
    h[i] = gpuport_hsqrt(h[i]) + gpuport_hexp(h[i]) + gpuport_hlog(h[i]) + gpuport_hrcp(h[i]) + gpuport_hrsqrt(h[i]) + gpuport_hfloor(h[i]);
    h2[i] = gpuport_h2exp(gpuport_h2sqrt(h2[i])) + gpuport_h2log(h2[i]) + gpuport_h2rcp(h2[i]) + gpuport_h2sin(h2[i]) + gpuport_h2cos(h2[i]);
}
