// Loads and stores with cache hints are plain loads and stores in SYCL. llm.c defines its own `__ldcs`
// for bfloat16 under a toolkit-version test: a stand-in for older toolkits, so the name stays CUDA's
// and the other calls are still translated.
#include <sycl/sycl.hpp>

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

#if defined(ENABLE_BF16) && (__CUDACC_VER_MAJOR__ < 12)
gpuport_bfloat16 __ldcs(const gpuport_bfloat16 *address) {
    unsigned short bf = ([](const auto *gp_p) { return *gp_p; })(reinterpret_cast<const unsigned short *>(address));
    return gpuport_bfloat16_raw{bf};
}
#endif

void scale(const float4 *in, float4 *out, const float *s, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= n) return;
    float4 v = ([](const auto *gp_p) { return *gp_p; })(in + i);
    float k = ([](const auto *gp_p) { return *gp_p; })(&s[0]);
    v.x *= k;
    v.y *= k;
    v.z *= k;
    v.w *= k;
    ([](auto *gp_p, auto gp_v) { *gp_p = gp_v; })(out + i, v);
}
