// A dual-source header defines CUDA's bf16 helper for ROCm builds only (bitsandbytes' compat, under
// `#if BNB_HIP`): nvcc uses CUDA's own, so the uses are translated and the HIP branch stays as written.
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

#if BNB_HIP
inline gpuport_bfloat162 __floats2bfloat162_rn(float a, float b) { return gpuport_bfloat162(a, b); }
#endif
#ifndef USE_HIP
#define BF(a, b) gpuport_bfloat162(a, b)
#else
#define cudaMalloc hipMalloc
#endif
void k(gpuport_bfloat162 *o, const sycl::nd_item<3> &item) { o[item.get_local_id(2)] = gpuport_bfloat162(1.0f, 2.0f); o[0] = BF(3.0f, 4.0f); }
