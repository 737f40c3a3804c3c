// DeepSpeed reduction_utils.h builds half constants from bits in constant expressions.
#include <sycl/sycl.hpp>

#ifndef GPUPORT_HALF_RAW
#define GPUPORT_HALF_RAW
// CUDA's __half_raw: a half's bits in `x`, converting to and from sycl::half without rounding.
struct gpuport_half_raw {
  unsigned short x;
  gpuport_half_raw() = default;
  constexpr gpuport_half_raw(unsigned short bits) : x(bits) {}
  gpuport_half_raw(sycl::half h) : x(sycl::bit_cast<unsigned short>(h)) {}
  operator sycl::half() const { return sycl::bit_cast<sycl::half>(x); }
};
#endif

sycl::half zero_half() { constexpr gpuport_half_raw zero = {0x0000}; return *((const sycl::half *)&zero); }
