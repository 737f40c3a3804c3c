"""GP278 low-precision: `cuda_fp8.h` and `cuda_fp4.h` types as software types in the translation.

What it does
    Replaces `#include <cuda_fp8.h>` / `<cuda_fp4.h>` with guarded blocks defining the 8-bit and 4-bit
    float formats: `__nv_fp8_e4m3` -> `gpuport_fp8_e4m3`, `__nv_fp8_e5m2` -> `gpuport_fp8_e5m2`,
    `__nv_fp4_e2m1` / `__nv_fp4x2_e2m1` / `__nv_fp4x4_e2m1` -> `gpuport_fp4_e2m1` / `gpuport_fp4x2_e2m1` /
    `gpuport_fp4x4_e2m1` (one, two or four values packed in `__x`, the first in the low bits), the
    storage typedefs (`__nv_fp8_storage_t` -> `unsigned char`, ...), the interpretation and saturation
    constants, `__nv_cvt_float_to_fp8(f, sat, kind)`, `__nv_cvt_fp8_to_float`-style decoding through
    `static_cast<float>(x)`, and `__nv_cvt_e8m0_to_bf16raw(x)` (an E8M0 scale, 2^(x-127), as bfloat16).
    Each type keeps CUDA's members and explicit conversions (`__x`, from float and double, to float).
    The conversions that produce raw half-precision structs (`__nv_cvt_fp8_to_halfraw`, ...) are
    reported, as GP239 reports `__half_raw`.
Why
    SYCL 2020 has no 8- or 4-bit floats. The formats are small enough to encode exactly in a few lines:
    from float, the value is scaled into its binade, rounded to nearest even (`sycl::rint`), and, as
    CUDA's types do (`__NV_SATFINITE`), saturated to the largest finite value (E4M3: 448, NaN 0x7f;
    E5M2: 57344, infinity and NaN as IEEE; E2M1: 6, no NaN: NaN saturates). Decoding is exact.
Example
    #include <cuda_fp8.h>
    __nv_fp8_e4m3 q(x); float y = static_cast<float>(q);
Translated to
    #ifndef GPUPORT_FP8 ... struct gpuport_fp8_e4m3 { unsigned char __x; ... }; ... #endif
    gpuport_fp8_e4m3 q(x); float y = static_cast<float>(q);
Safety
    safe for float sources: correctly rounded. A double is rounded to float first (the second rounding
    can differ from CUDA's direct conversion by one unit for values exactly between two fp8 values
    after the first rounding).
References
    OCP 8-bit Floating Point Specification (OFP8) v1.0 and OCP Microscaling Formats (MX) v1.0 (E4M3, E5M2,
    E2M1, E8M0 layouts); CUDA Math API, "FP8 Intrinsics" and "FP4 Intrinsics" (names, members,
    saturation); SYCL 2020 specification, 4.17.5 (rint, ldexp).
"""

from __future__ import annotations

import re

from ._half_table import BF16_STRUCT
from ._libs import LibraryRule

# The codec both headers use: magnitude bits of a format with M mantissa bits, exponent bias BIAS, largest
# binade EMAX and largest finite code MAXBITS; decoding with the format's special codes.
CODEC = """\
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
"""

FP8 = """\
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
"""

FP4 = """\
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
"""


class LowPrecision(LibraryRule):
    code = "GP278"
    name = "low-precision"
    targets = frozenset({"sycl"})
    summary = (
        "Replace cuda_fp8.h/cuda_fp4.h with software E4M3, E5M2 and E2M1 types (CUDA's members and rounding)."
    )
    triggers = (b"cuda_fp8", b"cuda_fp4", b"__nv_fp8", b"__nv_fp4", b"__nv_cvt_", b"__NV_")
    headers = {"cuda_fp8.h": [BF16_STRUCT, CODEC, FP8], "cuda_fp4.h": [CODEC, FP4]}
    library_names = re.compile(
        r"__nv_(?:fp8|fp4|cvt_(?:\w*fp8|\w*fp4|e8m0))\w*|__NV_(?:E4M3|E5M2|E2M1|NOSAT|SATFINITE)"
    )
    library = "cuda_fp8.h/cuda_fp4.h"
    mapped_summary = "the E4M3, E5M2 and E2M1 types, their storage types and float conversions"
    family = "math"
    needs_queue = False
