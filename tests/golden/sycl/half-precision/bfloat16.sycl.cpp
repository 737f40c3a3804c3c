#include <sycl/sycl.hpp>


#ifndef GPUPORT_BFLOAT16
#define GPUPORT_BFLOAT16
// bfloat16 (SYCL 2020 core has none): the upper 16 bits of a float, rounded to nearest even.
struct gpuport_bfloat16 {
  unsigned short bits;
  gpuport_bfloat16() = default;
  gpuport_bfloat16(float f) {
    unsigned int u = sycl::bit_cast<unsigned int>(f);
    bits = (u & 0x7fffffffu) > 0x7f800000u ? static_cast<unsigned short>((u >> 16) | 0x40u)
                                           : static_cast<unsigned short>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
  }
  operator float() const { return sycl::bit_cast<float>(static_cast<unsigned int>(bits) << 16); }
  gpuport_bfloat16 &operator+=(float o) { return *this = gpuport_bfloat16(float(*this) + o); }
  gpuport_bfloat16 &operator-=(float o) { return *this = gpuport_bfloat16(float(*this) - o); }
  gpuport_bfloat16 &operator*=(float o) { return *this = gpuport_bfloat16(float(*this) * o); }
  gpuport_bfloat16 &operator/=(float o) { return *this = gpuport_bfloat16(float(*this) / o); }
};
#endif
#ifndef GPUPORT_GPUPORT_BFLOAT162
#define GPUPORT_GPUPORT_BFLOAT162
// CUDA's __nv_bfloat162: two values with .x/.y fields.
struct alignas(4) gpuport_bfloat162 {
  gpuport_bfloat16 x, y;
  gpuport_bfloat162() = default;
  gpuport_bfloat162(gpuport_bfloat16 gp_x, gpuport_bfloat16 gp_y) : x(gp_x), y(gp_y) {}
  gpuport_bfloat162 &operator+=(gpuport_bfloat162 o) { return *this = gpuport_bfloat162(float(x) + float(o.x), float(y) + float(o.y)); }
  gpuport_bfloat162 &operator-=(gpuport_bfloat162 o) { return *this = gpuport_bfloat162(float(x) - float(o.x), float(y) - float(o.y)); }
  gpuport_bfloat162 &operator*=(gpuport_bfloat162 o) { return *this = gpuport_bfloat162(float(x) * float(o.x), float(y) * float(o.y)); }
  gpuport_bfloat162 &operator/=(gpuport_bfloat162 o) { return *this = gpuport_bfloat162(float(x) / float(o.x), float(y) / float(o.y)); }
};
inline gpuport_bfloat162 operator+(gpuport_bfloat162 a, gpuport_bfloat162 b) { return gpuport_bfloat162(float(a.x) + float(b.x), float(a.y) + float(b.y)); }
inline gpuport_bfloat162 operator-(gpuport_bfloat162 a, gpuport_bfloat162 b) { return gpuport_bfloat162(float(a.x) - float(b.x), float(a.y) - float(b.y)); }
inline gpuport_bfloat162 operator*(gpuport_bfloat162 a, gpuport_bfloat162 b) { return gpuport_bfloat162(float(a.x) * float(b.x), float(a.y) * float(b.y)); }
inline gpuport_bfloat162 operator/(gpuport_bfloat162 a, gpuport_bfloat162 b) { return gpuport_bfloat162(float(a.x) / float(b.x), float(a.y) / float(b.y)); }
inline gpuport_bfloat162 operator-(gpuport_bfloat162 a) { return gpuport_bfloat162(-float(a.x), -float(a.y)); }
inline bool operator==(gpuport_bfloat162 a, gpuport_bfloat162 b) { return float(a.x) == float(b.x) && float(a.y) == float(b.y); }
inline bool operator!=(gpuport_bfloat162 a, gpuport_bfloat162 b) { return !(a == b); }
#endif
#ifndef GPUPORT_H_hadd_bf16
#define GPUPORT_H_hadd_bf16
inline gpuport_bfloat16 gpuport_hadd(gpuport_bfloat16 a, gpuport_bfloat16 b) { float x = a, y = b; return gpuport_bfloat16(x + y); }
#endif
#ifndef GPUPORT_H_hmul_bf16
#define GPUPORT_H_hmul_bf16
inline gpuport_bfloat16 gpuport_hmul(gpuport_bfloat16 a, gpuport_bfloat16 b) { float x = a, y = b; return gpuport_bfloat16(x * y); }
#endif
#ifndef GPUPORT_H_float2bfloat162_rn_bf16
#define GPUPORT_H_float2bfloat162_rn_bf16
inline gpuport_bfloat162 gpuport_float2bfloat162_rn(float v) { return gpuport_bfloat162(v, v); }
#endif
#ifndef GPUPORT_H_hadd_int
#define GPUPORT_H_hadd_int
inline int gpuport_hadd(int a, int b) { return int((static_cast<long long>(a) + b) >> 1); }
#endif
#ifndef GPUPORT_H_high2float_bf16
#define GPUPORT_H_high2float_bf16
inline float gpuport_high2float(gpuport_bfloat162 v) { return float(v.y); }
#endif
#ifndef GPUPORT_H_low2float_bf16
#define GPUPORT_H_low2float_bf16
inline float gpuport_low2float(gpuport_bfloat162 v) { return float(v.x); }
#endif
#ifndef GPUPORT_H_hadd2_bf16
#define GPUPORT_H_hadd2_bf16
inline gpuport_bfloat162 gpuport_hadd2(gpuport_bfloat162 a, gpuport_bfloat162 b) { return gpuport_bfloat162(gpuport_hadd(a.x, b.x), gpuport_hadd(a.y, b.y)); }
#endif

void scale(const float *in, gpuport_bfloat16 *out, gpuport_bfloat162 *pairs, float *back, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= n) return;
    gpuport_bfloat16 b = gpuport_bfloat16(in[i]);
    out[i] = gpuport_hmul(b, gpuport_bfloat16(2.0f));
    pairs[i] = gpuport_bfloat162(in[i], 1.0f);
    gpuport_bfloat162 p = gpuport_hadd2(pairs[i], gpuport_float2bfloat162_rn(0.5f));
    back[i] = static_cast<float>(out[i]) + gpuport_low2float(p) + gpuport_high2float(p) + (float)p.x;
}
