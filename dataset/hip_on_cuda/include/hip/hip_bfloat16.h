// gpuport HIP-on-CUDA layer: hip_bfloat16, the older HIP/rocBLAS bfloat16 class: 16 bits of storage
// (`data`, the top half of an IEEE float) with conversions to and from float and float arithmetic.
// Written for gpuport from the format's definition; it does not depend on cuda_bf16.h.
#pragma once

#include "hip/hip_common.h"

#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>

// gpuport-hand: hip_bfloat16
struct hip_bfloat16 {
  uint16_t data;

  enum truncate_t { truncate };

  hip_bfloat16() = default;
  // Round to nearest, ties to even (the conversion HIP uses by default).
  explicit __host__ __device__ hip_bfloat16(float f) : data(round_to_bfloat16(f)) {}
  // Drop the low 16 bits.
  explicit __host__ __device__ hip_bfloat16(float f, truncate_t) : data(truncate_to_bfloat16(f)) {}

  __host__ __device__ operator float() const {
    uint32_t bits = static_cast<uint32_t>(data) << 16;
    float f;
    std::memcpy(&f, &bits, sizeof(f));
    return f;
  }

  static __host__ __device__ uint16_t round_to_bfloat16(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof(bits));
    if ((bits & 0x7fffffffu) > 0x7f800000u) {
      // NaN: keep sign and payload top, force a quiet NaN so rounding cannot turn it into infinity.
      return static_cast<uint16_t>((bits >> 16) | 0x0040u);
    }
    bits += 0x7fffu + ((bits >> 16) & 1u);
    return static_cast<uint16_t>(bits >> 16);
  }

  static __host__ __device__ uint16_t truncate_to_bfloat16(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof(bits));
    uint16_t hi = static_cast<uint16_t>(bits >> 16);
    if ((bits & 0x7fffffffu) > 0x7f800000u) hi |= 0x0040u;  // a NaN stays a NaN
    return hi;
  }

  __host__ __device__ hip_bfloat16& operator+=(hip_bfloat16 b) { return *this = hip_bfloat16(float(*this) + float(b)); }
  __host__ __device__ hip_bfloat16& operator-=(hip_bfloat16 b) { return *this = hip_bfloat16(float(*this) - float(b)); }
  __host__ __device__ hip_bfloat16& operator*=(hip_bfloat16 b) { return *this = hip_bfloat16(float(*this) * float(b)); }
  __host__ __device__ hip_bfloat16& operator/=(hip_bfloat16 b) { return *this = hip_bfloat16(float(*this) / float(b)); }
  __host__ __device__ hip_bfloat16& operator++() { return *this += hip_bfloat16(1.0f); }
  __host__ __device__ hip_bfloat16& operator--() { return *this -= hip_bfloat16(1.0f); }
  __host__ __device__ hip_bfloat16 operator++(int) { hip_bfloat16 old = *this; ++*this; return old; }
  __host__ __device__ hip_bfloat16 operator--(int) { hip_bfloat16 old = *this; --*this; return old; }
};

static_assert(sizeof(hip_bfloat16) == 2, "hip_bfloat16 is 16 bits");

__host__ __device__ inline hip_bfloat16 operator+(hip_bfloat16 a) { return a; }
__host__ __device__ inline hip_bfloat16 operator-(hip_bfloat16 a) {
  a.data ^= 0x8000u;
  return a;
}
__host__ __device__ inline hip_bfloat16 operator+(hip_bfloat16 a, hip_bfloat16 b) { return a += b; }
__host__ __device__ inline hip_bfloat16 operator-(hip_bfloat16 a, hip_bfloat16 b) { return a -= b; }
__host__ __device__ inline hip_bfloat16 operator*(hip_bfloat16 a, hip_bfloat16 b) { return a *= b; }
__host__ __device__ inline hip_bfloat16 operator/(hip_bfloat16 a, hip_bfloat16 b) { return a /= b; }
__host__ __device__ inline bool operator==(hip_bfloat16 a, hip_bfloat16 b) { return float(a) == float(b); }
__host__ __device__ inline bool operator!=(hip_bfloat16 a, hip_bfloat16 b) { return float(a) != float(b); }
__host__ __device__ inline bool operator<(hip_bfloat16 a, hip_bfloat16 b) { return float(a) < float(b); }
__host__ __device__ inline bool operator<=(hip_bfloat16 a, hip_bfloat16 b) { return float(a) <= float(b); }
__host__ __device__ inline bool operator>(hip_bfloat16 a, hip_bfloat16 b) { return float(a) > float(b); }
__host__ __device__ inline bool operator>=(hip_bfloat16 a, hip_bfloat16 b) { return float(a) >= float(b); }
