#include <sycl/sycl.hpp>

#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
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

inline sycl::half kGetHalf(unsigned short v) {
  gpuport_half_raw h;
  h.x = v;
  return sycl::half(h);
}
void fill(sycl::half *out, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i < n) out[i] = kGetHalf(0x7bffU);
}
int main() {
  sycl::half *d;
  d = (sycl::half *)sycl::malloc_device(64 * sizeof(sycl::half), gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 64), sycl::range<3>(1, 1, 64)), [=](sycl::nd_item<3> item) { fill(d, 64, item); });
  gpuport_half_raw one = {0x3c00};
  sycl::half h = one;
  gpuport_half_raw back = h;
  return back.x == 0x3c00 ? 0 : 1;
}
