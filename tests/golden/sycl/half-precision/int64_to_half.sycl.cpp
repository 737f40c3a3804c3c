// 64-bit integers to half, round to nearest: through float, exact wherever half is finite.
#include <sycl/sycl.hpp>


void k(sycl::half *h, long long a, unsigned long long b, int c, const sycl::nd_item<3> &item) { h[0] = sycl::half(a); h[1] = sycl::half(b); h[2] = sycl::half(c); }
