// Quantized dot products (ggml, bitsandbytes): __dp4a over packed int8, and SIMD-within-a-word
// byte/halfword arithmetic and compares; `__trap()` is the clang builtin.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void dots(const int *a, const int *b, int *dot, unsigned *simd, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i >= n) return;
  if (item.get_local_range(2) > 1024) __builtin_trap();  // cannot happen: a trap aborts the kernel
  int acc = ([](auto gp_a, auto gp_b, auto gp_c) { using gp_t = std::conditional_t<std::is_signed_v<decltype(gp_a)>, int, unsigned int>; gp_t gp_r = static_cast<gp_t>(gp_c); for (int gp_i = 0; gp_i < 32; gp_i += 8) { if constexpr (std::is_signed_v<decltype(gp_a)>) gp_r += static_cast<signed char>(gp_a >> gp_i) * static_cast<signed char>(gp_b >> gp_i); else gp_r += static_cast<unsigned char>(gp_a >> gp_i) * static_cast<unsigned char>(gp_b >> gp_i); } return gp_r; })(a[i], b[i], 0);
  acc = ([](auto gp_a, auto gp_b, auto gp_c) { using gp_t = std::conditional_t<std::is_signed_v<decltype(gp_a)>, int, unsigned int>; gp_t gp_r = static_cast<gp_t>(gp_c); for (int gp_i = 0; gp_i < 32; gp_i += 8) { if constexpr (std::is_signed_v<decltype(gp_a)>) gp_r += static_cast<signed char>(gp_a >> gp_i) * static_cast<signed char>(gp_b >> gp_i); else gp_r += static_cast<unsigned char>(gp_a >> gp_i) * static_cast<unsigned char>(gp_b >> gp_i); } return gp_r; })(a[i], a[i], acc);
  dot[i] = acc;
  unsigned ua = (unsigned)a[i], ub = (unsigned)b[i];
  simd[4 * i + 0] = ([](unsigned int gp_a, unsigned int gp_b) { unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += 8) { int gp_x = static_cast<unsigned char>(gp_a >> gp_i), gp_y = static_cast<unsigned char>(gp_b >> gp_i); gp_r |= (static_cast<unsigned int>(gp_x - gp_y) & 255u) << gp_i; } return gp_r; })(ua, ub) ^ ([](unsigned int gp_a, unsigned int gp_b) { unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += 8) { int gp_x = static_cast<signed char>(gp_a >> gp_i), gp_y = static_cast<signed char>(gp_b >> gp_i); gp_r |= (static_cast<unsigned int>((gp_x != gp_y ? 255 : 0)) & 255u) << gp_i; } return gp_r; })(ua, ub);
  simd[4 * i + 1] = ([](unsigned int gp_a, unsigned int gp_b) { unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += 8) { int gp_x = static_cast<signed char>(gp_a >> gp_i), gp_y = static_cast<signed char>(gp_b >> gp_i); gp_r |= (static_cast<unsigned int>(((gp_x - gp_y) < -128 ? -128 : ((gp_x - gp_y) > 127 ? 127 : (gp_x - gp_y)))) & 255u) << gp_i; } return gp_r; })(ua, ub) + ([](unsigned int gp_a, unsigned int gp_b) { unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += 16) { int gp_x = static_cast<unsigned short>(gp_a >> gp_i), gp_y = static_cast<unsigned short>(gp_b >> gp_i); gp_r |= (static_cast<unsigned int>((gp_x > gp_y ? gp_x - gp_y : gp_y - gp_x)) & 65535u) << gp_i; } return gp_r; })(ua, ub);
  simd[4 * i + 2] = ([](auto gp_a, auto gp_b, auto gp_c) { using gp_t = std::conditional_t<std::is_signed_v<decltype(gp_a)>, int, unsigned int>; gp_t gp_r = static_cast<gp_t>(gp_c); for (int gp_i = 0; gp_i < 2; ++gp_i) { if constexpr (std::is_signed_v<decltype(gp_a)>) gp_r += static_cast<short>(gp_a >> (16 * gp_i)) * static_cast<signed char>(gp_b >> (0 + 8 * gp_i)); else gp_r += static_cast<unsigned short>(gp_a >> (16 * gp_i)) * static_cast<unsigned char>(gp_b >> (0 + 8 * gp_i)); } return gp_r; })(ua, ub, ([](unsigned int gp_a, unsigned int gp_b) { unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += 8) { int gp_x = static_cast<signed char>(gp_a >> gp_i), gp_y = static_cast<signed char>(gp_b >> gp_i); gp_r |= (static_cast<unsigned int>((gp_x > gp_y ? gp_x : gp_y)) & 255u) << gp_i; } return gp_r; })(ua, ub));
  simd[4 * i + 3] = ([](unsigned int gp_a, unsigned int gp_b) { unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += 8) { int gp_x = static_cast<signed char>(gp_a >> gp_i), gp_y = static_cast<signed char>(gp_b >> gp_i); gp_r += static_cast<unsigned int>((gp_x > gp_y ? gp_x - gp_y : gp_y - gp_x)); } return gp_r; })(ua, ub) + ([](unsigned int gp_a, unsigned int gp_b) { unsigned int gp_r = 0u; for (int gp_i = 0; gp_i < 32; gp_i += 16) { int gp_x = static_cast<short>(gp_a >> gp_i), gp_y = static_cast<short>(gp_b >> gp_i); gp_r |= (static_cast<unsigned int>((gp_x == gp_y ? 1 : 0)) & 65535u) << gp_i; } return gp_r; })(ua, ua);
}

int main() {
  const int n = 8;
  int ha[n], hb[n], hd[n];
  unsigned hs[4 * n];
  unsigned seed = 12345u;
  for (int i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    ha[i] = (int)seed;
    seed = seed * 1664525u + 1013904223u;
    hb[i] = (int)seed;
  }
  int *a, *b, *d;
  unsigned *s;
  a = (int *)sycl::malloc_device(sizeof(ha), gpuport_queue());
  b = (int *)sycl::malloc_device(sizeof(hb), gpuport_queue());
  d = (int *)sycl::malloc_device(sizeof(hd), gpuport_queue());
  s = (unsigned *)sycl::malloc_device(sizeof(hs), gpuport_queue());
  gpuport_queue().memcpy(a, ha, sizeof(ha)).wait();
  gpuport_queue().memcpy(b, hb, sizeof(hb)).wait();
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { dots(a, b, d, s, n, item); });
  gpuport_queue().memcpy(hd, d, sizeof(hd)).wait();
  gpuport_queue().memcpy(hs, s, sizeof(hs)).wait();
  for (int i = 0; i < n; i++)
    printf("%u %u %d %u %u %u %u\n", (unsigned)ha[i], (unsigned)hb[i], hd[i], hs[4 * i], hs[4 * i + 1], hs[4 * i + 2],
           hs[4 * i + 3]);
  sycl::free(a, gpuport_queue());
  sycl::free(b, gpuport_queue());
  sycl::free(d, gpuport_queue());
  sycl::free(s, gpuport_queue());
  return 0;
}
