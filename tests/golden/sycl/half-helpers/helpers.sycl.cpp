#include <sycl/sycl.hpp>


#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
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
#ifndef GPUPORT_H_hadd_bf16
#define GPUPORT_H_hadd_bf16
inline gpuport_bfloat16 gpuport_hadd(gpuport_bfloat16 a, gpuport_bfloat16 b) { float x = a, y = b; return gpuport_bfloat16(x + y); }
#endif
#ifndef GPUPORT_H_hadd_half
#define GPUPORT_H_hadd_half
inline sycl::half gpuport_hadd(sycl::half a, sycl::half b) { float x = a, y = b; return sycl::half(x + y); }
#endif
#ifndef GPUPORT_H_hadd_int
#define GPUPORT_H_hadd_int
inline int gpuport_hadd(int a, int b) { return int((static_cast<long long>(a) + b) >> 1); }
#endif

// A file using both families: overloaded intrinsics get one overload per family.
void both(sycl::half *h, gpuport_bfloat16 *b, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i >= n) return;
    h[i] = gpuport_hadd(h[i], sycl::half(1.0f));
    b[i] = gpuport_hadd(b[i], gpuport_bfloat16(1.0f));
}

int main() {
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 4), sycl::range<3>(1, 1, 4)), [=](sycl::nd_item<3> item) { both(nullptr, nullptr, 0, item); });
    gpuport_queue().wait();
    printf("%f\n", static_cast<float>(sycl::half(0.25f)));
    return 0;
}
