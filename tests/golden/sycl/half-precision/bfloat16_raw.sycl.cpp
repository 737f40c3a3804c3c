// llm.c builds a bfloat16 from its bits with __nv_bfloat16_raw{bits} (its __ldcs for toolkits before 12).
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
#ifndef GPUPORT_BFLOAT16_RAW
#define GPUPORT_BFLOAT16_RAW
// CUDA's __nv_bfloat16_raw: a bfloat16's bits in `x`, converting to and from gpuport_bfloat16 unchanged.
struct gpuport_bfloat16_raw {
  unsigned short x;
  gpuport_bfloat16_raw() = default;
  constexpr gpuport_bfloat16_raw(unsigned short bits) : x(bits) {}
  gpuport_bfloat16_raw(gpuport_bfloat16 b) : x(b.bits) {}
  operator gpuport_bfloat16() const { gpuport_bfloat16 b; b.bits = x; return b; }
};
#endif

gpuport_bfloat16 from_bits(unsigned short v) { return gpuport_bfloat16_raw{v}; }
unsigned short bits_of(gpuport_bfloat16 b) { gpuport_bfloat16_raw r = b; return r.x; }
