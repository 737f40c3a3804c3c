// CUDA's 8- and 4-bit float types (cuda_fp8.h, cuda_fp4.h): encodings of many floats and special values,
// and the floats they decode to; tests/test_sycl_libs_run.py checks every line against exact rounding.
#include <cmath>
#include <cstdio>

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
#ifndef GPUPORT_LOW_PRECISION_CODEC
#define GPUPORT_LOW_PRECISION_CODEC
#include <limits>
// |f| as a small float's magnitude code: scaled into its binade (exact), rounded to nearest even,
// saturated to the largest finite code (CUDA's __NV_SATFINITE) or given `overflow` when not saturating.
template <int M, int BIAS, int EMAX, unsigned MAXBITS>
inline unsigned gpuport_lp_encode(float a, bool saturate = true, unsigned overflow = MAXBITS) {
  if (a != a) return overflow;
  int e = static_cast<int>(sycl::bit_cast<unsigned int>(a) >> 23) - 127;  // infinity: 128
  if (e > EMAX + 1) return saturate ? MAXBITS : overflow;
  if (e < 1 - BIAS) e = 1 - BIAS;  // the subnormal range: one fixed quantum
  float q = sycl::rint(sycl::ldexp(a, M - e));
  if (q >= static_cast<float>(2u << M)) {  // rounding carried into the next binade
    q *= 0.5f;
    e += 1;
  }
  const unsigned n = static_cast<unsigned>(q);
  const unsigned bits = n < (1u << M) ? n : (static_cast<unsigned>(e + BIAS) << M) | (n - (1u << M));
  return bits > MAXBITS ? (saturate ? MAXBITS : overflow) : bits;
}
// A small float's magnitude code as a float; KIND 0: all-ones is NaN (E4M3), 1: IEEE (E5M2), 2: none.
template <int M, int BIAS, int KIND>
inline float gpuport_lp_decode(unsigned bits, unsigned all_ones) {
  const unsigned e = bits >> M, m = bits & ((1u << M) - 1u);
  if (KIND == 0 && bits == all_ones) return std::numeric_limits<float>::quiet_NaN();
  if (KIND == 1 && e == (all_ones >> M))
    return m ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
  if (e == 0) return sycl::ldexp(static_cast<float>(m), 1 - BIAS - M);
  return sycl::ldexp(static_cast<float>(m | (1u << M)), static_cast<int>(e) - BIAS - M);
}
inline unsigned gpuport_lp_sign(float f) { return sycl::bit_cast<unsigned int>(f) >> 31; }
#endif
#ifndef GPUPORT_FP8
#define GPUPORT_FP8
// cuda_fp8.h: E4M3 (bias 7, largest 448, NaN 0x7f, no infinity) and E5M2 (bias 15, largest 57344,
// IEEE infinity and NaN); from float, rounded to nearest even and saturated to the largest finite value.
typedef unsigned char gpuport_fp8_storage_t;
typedef unsigned short gpuport_fp8x2_storage_t;
typedef unsigned int gpuport_fp8x4_storage_t;
enum gpuport_fp8_interpretation_t { gpuport_fp8_e4m3_kind = 0, gpuport_fp8_e5m2_kind = 1 };
enum gpuport_saturation_t { gpuport_nosat = 0, gpuport_satfinite = 1 };
inline unsigned char gpuport_cvt_float_to_fp8(float f, int sat = 1, int kind = 0) {
  const unsigned a = kind == 0 ? gpuport_lp_encode<3, 7, 8, 0x7eu>(sycl::fabs(f), sat != 0, 0x7fu)
                               : gpuport_lp_encode<2, 15, 15, 0x7bu>(sycl::fabs(f), sat != 0,
                                                                     f != f ? 0x7fu : 0x7cu);
  return static_cast<unsigned char>((gpuport_lp_sign(f) << 7) | a);
}
inline float gpuport_fp8_to_float(unsigned char x, int kind) {
  const float v = kind == 0 ? gpuport_lp_decode<3, 7, 0>(x & 0x7fu, 0x7fu) : gpuport_lp_decode<2, 15, 1>(x & 0x7fu, 0x7fu);
  return (x & 0x80u) ? -v : v;
}
struct gpuport_fp8_e4m3 {
  unsigned char __x;
  gpuport_fp8_e4m3() = default;
  explicit gpuport_fp8_e4m3(float f) : __x(gpuport_cvt_float_to_fp8(f, 1, 0)) {}
  explicit gpuport_fp8_e4m3(double f) : gpuport_fp8_e4m3(static_cast<float>(f)) {}
  explicit operator float() const { return gpuport_fp8_to_float(__x, 0); }
};
struct gpuport_fp8_e5m2 {
  unsigned char __x;
  gpuport_fp8_e5m2() = default;
  explicit gpuport_fp8_e5m2(float f) : __x(gpuport_cvt_float_to_fp8(f, 1, 1)) {}
  explicit gpuport_fp8_e5m2(double f) : gpuport_fp8_e5m2(static_cast<float>(f)) {}
  explicit operator float() const { return gpuport_fp8_to_float(__x, 1); }
};
// An E8M0 scale (2^(x-127); 0xff is NaN) as bfloat16: its exponent field, or the subnormal 2^-127.
inline gpuport_bfloat16 gpuport_cvt_e8m0_to_bf16raw(unsigned char x) {
  gpuport_bfloat16 r;
  r.bits = x == 0 ? 0x0040u : x == 0xffu ? 0x7fc0u : static_cast<unsigned short>(x << 7);
  return r;
}
#endif
#include <sycl/sycl.hpp>
#ifndef GPUPORT_FP4
#define GPUPORT_FP4
// cuda_fp4.h: E2M1 (bias 1, largest 6, no infinity or NaN: NaN saturates); packed types hold the first
// value in the low bits. From float, rounded to nearest even and saturated to 6.
typedef unsigned char gpuport_fp4_storage_t;
typedef unsigned char gpuport_fp4x2_storage_t;
typedef unsigned short gpuport_fp4x4_storage_t;
inline unsigned gpuport_float_to_fp4(float f) {
  return (gpuport_lp_sign(f) << 3) | gpuport_lp_encode<1, 1, 2, 0x7u>(sycl::fabs(f));
}
inline float gpuport_fp4_to_float(unsigned x) {
  const float v = gpuport_lp_decode<1, 1, 2>(x & 0x7u, 0x7u);
  return (x & 0x8u) ? -v : v;
}
struct gpuport_fp4_e2m1 {
  unsigned char __x;
  gpuport_fp4_e2m1() = default;
  explicit gpuport_fp4_e2m1(float f) : __x(static_cast<unsigned char>(gpuport_float_to_fp4(f))) {}
  explicit gpuport_fp4_e2m1(double f) : gpuport_fp4_e2m1(static_cast<float>(f)) {}
  explicit operator float() const { return gpuport_fp4_to_float(__x); }
};
// The packed types take and give the translation's float2/float4 structs (members x, y, z, w).
struct gpuport_fp4x2_e2m1 {
  unsigned char __x;
  gpuport_fp4x2_e2m1() = default;
  template <class V>
  explicit gpuport_fp4x2_e2m1(const V &f)
      : __x(static_cast<unsigned char>(gpuport_float_to_fp4(f.x) | (gpuport_float_to_fp4(f.y) << 4))) {}
  template <class V>
  explicit operator V() const {
    return V{gpuport_fp4_to_float(__x & 0xfu), gpuport_fp4_to_float(__x >> 4)};
  }
};
struct gpuport_fp4x4_e2m1 {
  unsigned short __x;
  gpuport_fp4x4_e2m1() = default;
  template <class V>
  explicit gpuport_fp4x4_e2m1(const V &f)
      : __x(static_cast<unsigned short>(gpuport_float_to_fp4(f.x) | (gpuport_float_to_fp4(f.y) << 4) |
                                        (gpuport_float_to_fp4(f.z) << 8) | (gpuport_float_to_fp4(f.w) << 12))) {}
  template <class V>
  explicit operator V() const {
    return V{gpuport_fp4_to_float(__x & 0xfu), gpuport_fp4_to_float((__x >> 4) & 0xfu),
             gpuport_fp4_to_float((__x >> 8) & 0xfu), gpuport_fp4_to_float(__x >> 12)};
  }
};
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_VEC_float4
#define GPUPORT_VEC_float4
struct alignas(16) float4 { float x, y, z, w; };
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
#endif
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

void codec(const float *x, unsigned char *e4, unsigned char *e5, unsigned short *f4, float *back, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i >= n) return;
  const gpuport_fp8_e4m3 a(x[i]);
  const gpuport_fp8_e5m2 b(x[i]);
  e4[i] = a.__x;
  e5[i] = b.__x;
  back[3 * i] = static_cast<float>(a);
  back[3 * i + 1] = static_cast<float>(b);
  const gpuport_fp4x4_e2m1 q(make_float4(x[i], -x[i], 0.5f * x[i], 2.0f * x[i]));
  const gpuport_fp4x4_storage_t s = q.__x;
  f4[i] = s;
  gpuport_fp4_e2m1 one(x[i]);
  back[3 * i + 2] = static_cast<float>(one);
}
void scales(float *out, const sycl::nd_item<3> &item) {
  const gpuport_bfloat16 e = gpuport_cvt_e8m0_to_bf16raw((unsigned char)item.get_local_id(2));
  out[item.get_local_id(2)] = (float)e;
}
int main() {
  const int n = 4096;
  float *x, *back;
  unsigned char *e4, *e5;
  unsigned short *f4;
  x = (float *)sycl::malloc_shared(n * sizeof(float), gpuport_queue());
  back = (float *)sycl::malloc_shared(3 * n * sizeof(float), gpuport_queue());
  e4 = (unsigned char *)sycl::malloc_shared(n, gpuport_queue());
  e5 = (unsigned char *)sycl::malloc_shared(n, gpuport_queue());
  f4 = (unsigned short *)sycl::malloc_shared(n * sizeof(unsigned short), gpuport_queue());
  unsigned int seed = 12345u;
  for (int i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    // magnitudes from 2^-24 to 2^20, both signs; a few special values
    float m = (float)(seed >> 8) / 16777216.0f;
    x[i] = ldexpf(1.0f + m, (int)(seed % 45) - 24) * ((seed >> 7) & 1 ? -1.0f : 1.0f);
  }
  x[0] = 0.0f; x[1] = 448.0f; x[2] = 464.0f; x[3] = 470.0f; x[4] = 1e30f; x[5] = -INFINITY; x[6] = NAN;
  x[7] = 57344.0f; x[8] = 61439.0f; x[9] = 61440.0f; x[10] = 0.25f; x[11] = 5.0f; x[12] = 0.75f; x[13] = 1.0f / 512.0f;
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, n / 256) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { codec(x, e4, e5, f4, back, n, item); });
  gpuport_queue().wait();
  for (int i = 0; i < n; i++) printf("%08x %02x %02x %04x %08x %08x %08x\n", *(unsigned *)&x[i], e4[i], e5[i], f4[i], *(unsigned *)&back[3 * i], *(unsigned *)&back[3 * i + 1], *(unsigned *)&back[3 * i + 2]);
  float *sc;
  sc = (float *)sycl::malloc_shared(256 * sizeof(float), gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 256), sycl::range<3>(1, 1, 256)), [=](sycl::nd_item<3> item) { scales(sc, item); });
  gpuport_queue().wait();
  for (int i = 0; i < 256; i++) printf("e8m0 %d %08x\n", i, *(unsigned *)&sc[i]);
  return 0;
}
