#include <sycl/sycl.hpp>

#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif

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
#ifndef GPUPORT_H_half22float2_half
#define GPUPORT_H_half22float2_half
inline float2 gpuport_half22float2(gpuport_half2 v) { return float2{float(v.x), float(v.y)}; }
#endif
#ifndef GPUPORT_H_half2int_rn_half
#define GPUPORT_H_half2int_rn_half
inline int gpuport_half2int_rn(sycl::half v) { return int(sycl::rint(float(v))); }
#endif
#ifndef GPUPORT_H_half_as_ushort_half
#define GPUPORT_H_half_as_ushort_half
inline unsigned short gpuport_half_as_ushort(sycl::half v) { return sycl::bit_cast<unsigned short>(v); }
#endif
#ifndef GPUPORT_H_high2float_half
#define GPUPORT_H_high2float_half
inline float gpuport_high2float(gpuport_half2 v) { return float(v.y); }
#endif
#ifndef GPUPORT_H_high2half_half
#define GPUPORT_H_high2half_half
inline sycl::half gpuport_high2half(gpuport_half2 v) { return v.y; }
#endif
#ifndef GPUPORT_H_low2float_half
#define GPUPORT_H_low2float_half
inline float gpuport_low2float(gpuport_half2 v) { return float(v.x); }
#endif
#ifndef GPUPORT_H_low2half_half
#define GPUPORT_H_low2half_half
inline sycl::half gpuport_low2half(gpuport_half2 v) { return v.x; }
#endif

// __half2 packs two values; half is the typedef
void convert(const float *in, sycl::half *out, gpuport_half2 *pairs, float *back, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= n) return;
    sycl::half h = sycl::half(in[i]);
    sycl::half g = sycl::half(in[i] * 2.0f);
    out[i] = h;
    pairs[i] = gpuport_half2(in[i], -in[i]);
    gpuport_half2 p = gpuport_half2(h, g);
    gpuport_half2 q = gpuport_half2(gpuport_low2half(p), gpuport_high2half(p));
    float2 f = gpuport_half22float2(q);
    back[i] = static_cast<float>(h) + gpuport_low2float(p) + gpuport_high2float(q) + f.x + f.y + p.x + (float)q.y;
    back[i] += (float)static_cast<int>(g) + (float)gpuport_half2int_rn(g) + (float)gpuport_half_as_ushort(h);
}
