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
#ifndef GPUPORT_H_habs_half
#define GPUPORT_H_habs_half
inline sycl::half gpuport_habs(sycl::half a) { float x = a; return sycl::half(sycl::fabs(x)); }
#endif
#ifndef GPUPORT_H_hadd_half
#define GPUPORT_H_hadd_half
inline sycl::half gpuport_hadd(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(x + y); }
#endif
#ifndef GPUPORT_H_hdiv_half
#define GPUPORT_H_hdiv_half
inline sycl::half gpuport_hdiv(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(x / y); }
#endif
#ifndef GPUPORT_H_heq_half
#define GPUPORT_H_heq_half
inline bool gpuport_heq(sycl::half a, sycl::half b) { float x = a, y = b; return x == y; }
#endif
#ifndef GPUPORT_H_hfma_half
#define GPUPORT_H_hfma_half
inline sycl::half gpuport_hfma(sycl::half a, sycl::half b, sycl::half c) { float x = a, y = b, z = c; return sycl::half(sycl::fma(x, y, z)); }
#endif
#ifndef GPUPORT_H_hge_half
#define GPUPORT_H_hge_half
inline bool gpuport_hge(sycl::half a, sycl::half b) { float x = a, y = b; return x >= y; }
#endif
#ifndef GPUPORT_H_hgt_half
#define GPUPORT_H_hgt_half
inline bool gpuport_hgt(sycl::half a, sycl::half b) { float x = a, y = b; return x > y; }
#endif
#ifndef GPUPORT_H_hisnan_half
#define GPUPORT_H_hisnan_half
inline bool gpuport_hisnan(sycl::half a) { float x = a; return sycl::isnan(x); }
#endif
#ifndef GPUPORT_H_hlt_half
#define GPUPORT_H_hlt_half
inline bool gpuport_hlt(sycl::half a, sycl::half b) { float x = a, y = b; return x < y; }
#endif
#ifndef GPUPORT_H_hltu_half
#define GPUPORT_H_hltu_half
inline bool gpuport_hltu(sycl::half a, sycl::half b) { float x = a, y = b; return !(x >= y); }
#endif
#ifndef GPUPORT_H_hmax_half
#define GPUPORT_H_hmax_half
inline sycl::half gpuport_hmax(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(sycl::fmax(x, y)); }
#endif
#ifndef GPUPORT_H_hmin_half
#define GPUPORT_H_hmin_half
inline sycl::half gpuport_hmin(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(sycl::fmin(x, y)); }
#endif
#ifndef GPUPORT_H_hmul_half
#define GPUPORT_H_hmul_half
inline sycl::half gpuport_hmul(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(x * y); }
#endif
#ifndef GPUPORT_H_hne_half
#define GPUPORT_H_hne_half
inline bool gpuport_hne(sycl::half a, sycl::half b) { float x = a, y = b; return x < y || x > y; }
#endif
#ifndef GPUPORT_H_hneg_half
#define GPUPORT_H_hneg_half
inline sycl::half gpuport_hneg(sycl::half a) { float x = a; return sycl::half(-x); }
#endif
#ifndef GPUPORT_H_hsub_half
#define GPUPORT_H_hsub_half
inline sycl::half gpuport_hsub(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(x - y); }
#endif
#ifndef GPUPORT_H_float2half2_rn_half
#define GPUPORT_H_float2half2_rn_half
inline gpuport_half2 gpuport_float2half2_rn(float v) { return gpuport_half2(v, v); }
#endif
#ifndef GPUPORT_H_hadd_int
#define GPUPORT_H_hadd_int
inline int gpuport_hadd(int a, int b) { return int((static_cast<long long>(a) + b) >> 1); }
#endif
#ifndef GPUPORT_H_half2half2_half
#define GPUPORT_H_half2half2_half
inline gpuport_half2 gpuport_half2half2(sycl::half v) { return gpuport_half2(v, v); }
#endif
#ifndef GPUPORT_H_low2float_half
#define GPUPORT_H_low2float_half
inline float gpuport_low2float(gpuport_half2 v) { return float(v.x); }
#endif
#ifndef GPUPORT_H_low2half_half
#define GPUPORT_H_low2half_half
inline sycl::half gpuport_low2half(gpuport_half2 v) { return v.x; }
#endif
#ifndef GPUPORT_H_h2div_half
#define GPUPORT_H_h2div_half
inline gpuport_half2 gpuport_h2div(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(gpuport_hdiv(a.x, b.x), gpuport_hdiv(a.y, b.y)); }
#endif
#ifndef GPUPORT_H_habs2_half
#define GPUPORT_H_habs2_half
inline gpuport_half2 gpuport_habs2(gpuport_half2 a) { return gpuport_half2(gpuport_habs(a.x), gpuport_habs(a.y)); }
#endif
#ifndef GPUPORT_H_hadd2_half
#define GPUPORT_H_hadd2_half
inline gpuport_half2 gpuport_hadd2(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(gpuport_hadd(a.x, b.x), gpuport_hadd(a.y, b.y)); }
#endif
#ifndef GPUPORT_H_hbge2_half
#define GPUPORT_H_hbge2_half
inline bool gpuport_hbge2(gpuport_half2 a, gpuport_half2 b) { return gpuport_hge(a.x, b.x) && gpuport_hge(a.y, b.y); }
#endif
#ifndef GPUPORT_H_hfma2_half
#define GPUPORT_H_hfma2_half
inline gpuport_half2 gpuport_hfma2(gpuport_half2 a, gpuport_half2 b, gpuport_half2 c) { return gpuport_half2(gpuport_hfma(a.x, b.x, c.x), gpuport_hfma(a.y, b.y, c.y)); }
#endif
#ifndef GPUPORT_H_hlt2_half
#define GPUPORT_H_hlt2_half
inline gpuport_half2 gpuport_hlt2(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(gpuport_hlt(a.x, b.x) ? 1.0f : 0.0f, gpuport_hlt(a.y, b.y) ? 1.0f : 0.0f); }
#endif
#ifndef GPUPORT_H_hmax2_half
#define GPUPORT_H_hmax2_half
inline gpuport_half2 gpuport_hmax2(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(gpuport_hmax(a.x, b.x), gpuport_hmax(a.y, b.y)); }
#endif
#ifndef GPUPORT_H_hmin2_half
#define GPUPORT_H_hmin2_half
inline gpuport_half2 gpuport_hmin2(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(gpuport_hmin(a.x, b.x), gpuport_hmin(a.y, b.y)); }
#endif
#ifndef GPUPORT_H_hmul2_half
#define GPUPORT_H_hmul2_half
inline gpuport_half2 gpuport_hmul2(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(gpuport_hmul(a.x, b.x), gpuport_hmul(a.y, b.y)); }
#endif
#ifndef GPUPORT_H_hneg2_half
#define GPUPORT_H_hneg2_half
inline gpuport_half2 gpuport_hneg2(gpuport_half2 a) { return gpuport_half2(gpuport_hneg(a.x), gpuport_hneg(a.y)); }
#endif
#ifndef GPUPORT_H_hsub2_half
#define GPUPORT_H_hsub2_half
inline gpuport_half2 gpuport_hsub2(gpuport_half2 a, gpuport_half2 b) { return gpuport_half2(gpuport_hsub(a.x, b.x), gpuport_hsub(a.y, b.y)); }
#endif

sycl::half lerp(sycl::half a, sycl::half b, sycl::half t) { return gpuport_hfma(t, gpuport_hsub(b, a), a); }

void arith(const gpuport_half2 *a, const gpuport_half2 *b, gpuport_half2 *out, sycl::half *s, bool *flags, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= n) return;
    gpuport_half2 x = gpuport_hadd2(a[i], b[i]);
    gpuport_half2 y = gpuport_hmul2(gpuport_hsub2(a[i], b[i]), gpuport_h2div(a[i], b[i]));
    x = gpuport_hfma2(x, y, gpuport_hneg2(gpuport_habs2(a[i])));
    out[i] = gpuport_hmin2(gpuport_hmax2(x, gpuport_float2half2_rn(-1.0f)), gpuport_half2half2(sycl::half(1.0f)));
    sycl::half m = gpuport_hmax(gpuport_hmul(s[i], s[i]), gpuport_hdiv(gpuport_hneg(s[i]), gpuport_habs(s[i])));
    s[i] = lerp(gpuport_hadd(m, gpuport_low2half(x)), gpuport_hmin(m, s[i]), sycl::half(0.5f));
    flags[i] = gpuport_hgt(m, s[i]) || gpuport_heq(m, s[i]) || gpuport_hne(m, s[i]) || gpuport_hltu(m, s[i]) || gpuport_hisnan(m);
    flags[i] = flags[i] && gpuport_hbge2(x, y) && gpuport_low2float(gpuport_hlt2(x, y)) == 1.0f;
    out[i] += x * y - a[i];
    int avg = gpuport_hadd(i, n);  // CUDA's integer halving add shares the name
    s[i] = s[i] + sycl::half((float)avg);
}
