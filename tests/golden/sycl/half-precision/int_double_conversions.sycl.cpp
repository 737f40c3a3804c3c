// DeepSpeed conversion_utils.h: bfloat16 from doubles and integers, 16-bit values to integers (round to nearest even).
#include <sycl/sycl.hpp>


#include <cstdio>
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
#ifndef GPUPORT_H_bfloat162int_rn_bf16
#define GPUPORT_H_bfloat162int_rn_bf16
inline int gpuport_bfloat162int_rn(gpuport_bfloat16 v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 2147483648.0f) return 2147483647; if (r <= -2147483648.0f) return -2147483647 - 1; return static_cast<int>(r); }
#endif
#ifndef GPUPORT_H_bfloat162ll_rn_bf16
#define GPUPORT_H_bfloat162ll_rn_bf16
inline long long gpuport_bfloat162ll_rn(gpuport_bfloat16 v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 9223372036854775808.0f) return 9223372036854775807LL; if (r <= -9223372036854775808.0f) return -9223372036854775807LL - 1; return static_cast<long long>(r); }
#endif
#ifndef GPUPORT_H_bfloat162short_rn_bf16
#define GPUPORT_H_bfloat162short_rn_bf16
inline short gpuport_bfloat162short_rn(gpuport_bfloat16 v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 32768.0f) return 32767; if (r <= -32768.0f) return -32767 - 1; return static_cast<short>(r); }
#endif
#ifndef GPUPORT_H_bfloat162uint_rn_bf16
#define GPUPORT_H_bfloat162uint_rn_bf16
inline unsigned int gpuport_bfloat162uint_rn(gpuport_bfloat16 v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 4294967296.0f) return 4294967295u; if (r <= 0.0f) return 0u; return static_cast<unsigned int>(r); }
#endif
#ifndef GPUPORT_H_bfloat162ull_rn_bf16
#define GPUPORT_H_bfloat162ull_rn_bf16
inline unsigned long long gpuport_bfloat162ull_rn(gpuport_bfloat16 v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 18446744073709551616.0f) return 18446744073709551615ull; if (r <= 0.0f) return 0ull; return static_cast<unsigned long long>(r); }
#endif
#ifndef GPUPORT_H_bfloat162ushort_rn_bf16
#define GPUPORT_H_bfloat162ushort_rn_bf16
inline unsigned short gpuport_bfloat162ushort_rn(gpuport_bfloat16 v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 65536.0f) return 65535; if (r <= 0.0f) return 0; return static_cast<unsigned short>(r); }
#endif
#ifndef GPUPORT_H_double2bfloat16_bf16
#define GPUPORT_H_double2bfloat16_bf16
inline gpuport_bfloat16 gpuport_double2bfloat16(double v) { if (sycl::fabs(v) > 3.4028234663852886e38) return gpuport_bfloat16(sycl::bit_cast<float>(v > 0 ? 0x7f800000u : 0xff800000u)); float f = static_cast<float>(v); if (f == f && static_cast<double>(f) != v) { unsigned int u = sycl::bit_cast<unsigned int>(f); if (sycl::fabs(static_cast<double>(f)) > sycl::fabs(v)) --u; f = sycl::bit_cast<float>(u | 1u); } return gpuport_bfloat16(f); }
#endif
#ifndef GPUPORT_H_half2ll_rn_half
#define GPUPORT_H_half2ll_rn_half
inline long long gpuport_half2ll_rn(sycl::half v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 9223372036854775808.0f) return 9223372036854775807LL; if (r <= -9223372036854775808.0f) return -9223372036854775807LL - 1; return static_cast<long long>(r); }
#endif
#ifndef GPUPORT_H_half2short_rn_half
#define GPUPORT_H_half2short_rn_half
inline short gpuport_half2short_rn(sycl::half v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 32768.0f) return 32767; if (r <= -32768.0f) return -32767 - 1; return static_cast<short>(r); }
#endif
#ifndef GPUPORT_H_half2uint_rn_half
#define GPUPORT_H_half2uint_rn_half
inline unsigned int gpuport_half2uint_rn(sycl::half v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 4294967296.0f) return 4294967295u; if (r <= 0.0f) return 0u; return static_cast<unsigned int>(r); }
#endif
#ifndef GPUPORT_H_half2ull_rn_half
#define GPUPORT_H_half2ull_rn_half
inline unsigned long long gpuport_half2ull_rn(sycl::half v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 18446744073709551616.0f) return 18446744073709551615ull; if (r <= 0.0f) return 0ull; return static_cast<unsigned long long>(r); }
#endif
#ifndef GPUPORT_H_half2ushort_rn_half
#define GPUPORT_H_half2ushort_rn_half
inline unsigned short gpuport_half2ushort_rn(sycl::half v) { float f = float(v); if (f != f) return 0; float r = sycl::rint(f); if (r >= 65536.0f) return 65535; if (r <= 0.0f) return 0; return static_cast<unsigned short>(r); }
#endif
#ifndef GPUPORT_H_int2bfloat16_rn_bf16
#define GPUPORT_H_int2bfloat16_rn_bf16
inline gpuport_bfloat16 gpuport_int2bfloat16_rn(int v) { gpuport_bfloat16 r; unsigned long long m = v < 0 ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v); unsigned int sign = v < 0 ? 0x8000u : 0u; if (m == 0) { r.bits = 0; return r; } int e = 63; while (!(m >> e)) --e; unsigned long long q = e <= 7 ? m << (7 - e) : m >> (e - 7); if (e > 7) { unsigned long long rest = m & ((1ull << (e - 7)) - 1), half = 1ull << (e - 8); if (rest > half || (rest == half && (q & 1ull))) { ++q; if (q == 0x100ull) { q = 0x80ull; ++e; } } } r.bits = static_cast<unsigned short>(sign | (static_cast<unsigned int>(e + 127) << 7) | static_cast<unsigned int>(q & 0x7full)); return r; }
#endif
#ifndef GPUPORT_H_ll2bfloat16_rn_bf16
#define GPUPORT_H_ll2bfloat16_rn_bf16
inline gpuport_bfloat16 gpuport_ll2bfloat16_rn(long long v) { gpuport_bfloat16 r; unsigned long long m = v < 0 ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v); unsigned int sign = v < 0 ? 0x8000u : 0u; if (m == 0) { r.bits = 0; return r; } int e = 63; while (!(m >> e)) --e; unsigned long long q = e <= 7 ? m << (7 - e) : m >> (e - 7); if (e > 7) { unsigned long long rest = m & ((1ull << (e - 7)) - 1), half = 1ull << (e - 8); if (rest > half || (rest == half && (q & 1ull))) { ++q; if (q == 0x100ull) { q = 0x80ull; ++e; } } } r.bits = static_cast<unsigned short>(sign | (static_cast<unsigned int>(e + 127) << 7) | static_cast<unsigned int>(q & 0x7full)); return r; }
#endif
#ifndef GPUPORT_H_short2bfloat16_rn_bf16
#define GPUPORT_H_short2bfloat16_rn_bf16
inline gpuport_bfloat16 gpuport_short2bfloat16_rn(short v) { gpuport_bfloat16 r; unsigned long long m = v < 0 ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v); unsigned int sign = v < 0 ? 0x8000u : 0u; if (m == 0) { r.bits = 0; return r; } int e = 63; while (!(m >> e)) --e; unsigned long long q = e <= 7 ? m << (7 - e) : m >> (e - 7); if (e > 7) { unsigned long long rest = m & ((1ull << (e - 7)) - 1), half = 1ull << (e - 8); if (rest > half || (rest == half && (q & 1ull))) { ++q; if (q == 0x100ull) { q = 0x80ull; ++e; } } } r.bits = static_cast<unsigned short>(sign | (static_cast<unsigned int>(e + 127) << 7) | static_cast<unsigned int>(q & 0x7full)); return r; }
#endif
#ifndef GPUPORT_H_uint2bfloat16_rn_bf16
#define GPUPORT_H_uint2bfloat16_rn_bf16
inline gpuport_bfloat16 gpuport_uint2bfloat16_rn(unsigned int v) { gpuport_bfloat16 r; unsigned long long m = static_cast<unsigned long long>(v); unsigned int sign = 0u; if (m == 0) { r.bits = 0; return r; } int e = 63; while (!(m >> e)) --e; unsigned long long q = e <= 7 ? m << (7 - e) : m >> (e - 7); if (e > 7) { unsigned long long rest = m & ((1ull << (e - 7)) - 1), half = 1ull << (e - 8); if (rest > half || (rest == half && (q & 1ull))) { ++q; if (q == 0x100ull) { q = 0x80ull; ++e; } } } r.bits = static_cast<unsigned short>(sign | (static_cast<unsigned int>(e + 127) << 7) | static_cast<unsigned int>(q & 0x7full)); return r; }
#endif
#ifndef GPUPORT_H_ull2bfloat16_rn_bf16
#define GPUPORT_H_ull2bfloat16_rn_bf16
inline gpuport_bfloat16 gpuport_ull2bfloat16_rn(unsigned long long v) { gpuport_bfloat16 r; unsigned long long m = static_cast<unsigned long long>(v); unsigned int sign = 0u; if (m == 0) { r.bits = 0; return r; } int e = 63; while (!(m >> e)) --e; unsigned long long q = e <= 7 ? m << (7 - e) : m >> (e - 7); if (e > 7) { unsigned long long rest = m & ((1ull << (e - 7)) - 1), half = 1ull << (e - 8); if (rest > half || (rest == half && (q & 1ull))) { ++q; if (q == 0x100ull) { q = 0x80ull; ++e; } } } r.bits = static_cast<unsigned short>(sign | (static_cast<unsigned int>(e + 127) << 7) | static_cast<unsigned int>(q & 0x7full)); return r; }
#endif
#ifndef GPUPORT_H_ushort2bfloat16_rn_bf16
#define GPUPORT_H_ushort2bfloat16_rn_bf16
inline gpuport_bfloat16 gpuport_ushort2bfloat16_rn(unsigned short v) { gpuport_bfloat16 r; unsigned long long m = static_cast<unsigned long long>(v); unsigned int sign = 0u; if (m == 0) { r.bits = 0; return r; } int e = 63; while (!(m >> e)) --e; unsigned long long q = e <= 7 ? m << (7 - e) : m >> (e - 7); if (e > 7) { unsigned long long rest = m & ((1ull << (e - 7)) - 1), half = 1ull << (e - 8); if (rest > half || (rest == half && (q & 1ull))) { ++q; if (q == 0x100ull) { q = 0x80ull; ++e; } } } r.bits = static_cast<unsigned short>(sign | (static_cast<unsigned int>(e + 127) << 7) | static_cast<unsigned int>(q & 0x7full)); return r; }
#endif

void conv(const double *d, const long long *l, const unsigned *u, gpuport_bfloat16 *o, long long *back, unsigned *ub, int *ib, short *sb, unsigned long long *qb, const sycl::nd_item<3> &item) {
    int i = item.get_local_id(2);
    o[i] = gpuport_double2bfloat16(d[i]);
    o[i + 8] = gpuport_ll2bfloat16_rn(l[i]);
    o[i + 16] = gpuport_uint2bfloat16_rn(u[i]);
    o[i + 24] = gpuport_int2bfloat16_rn((int)l[i]);
    o[i + 32] = gpuport_short2bfloat16_rn((short)l[i]);
    o[i + 40] = gpuport_ushort2bfloat16_rn((unsigned short)u[i]);
    o[i + 48] = gpuport_ull2bfloat16_rn((unsigned long long)u[i]);
    back[i] = gpuport_bfloat162ll_rn(o[i]);
    ub[i] = gpuport_bfloat162uint_rn(o[i]) + gpuport_half2uint_rn(sycl::half((float)d[i]));
    ib[i] = gpuport_bfloat162int_rn(o[i]);
    sb[i] = gpuport_bfloat162short_rn(o[i]) + gpuport_half2short_rn(sycl::half(1.5f));
    qb[i] = gpuport_bfloat162ull_rn(o[i]) + gpuport_half2ull_rn(sycl::half(2.5f)) + gpuport_half2ll_rn(sycl::half(-2.5f)) + gpuport_bfloat162ushort_rn(o[i]) + gpuport_half2ushort_rn(sycl::half(3.5f));
}
