#include <sycl/sycl.hpp>
// CUDA's __align__(n) (the CUDA samples' dct8x8 packs shorts in an aligned struct) is alignas(n).
union P { struct alignas(8) { short a, b, c, d; }; long long v; };
void k(P *p, const sycl::nd_item<3> &item) { alignas(16) float t[4]; t[0] = p->a; p->b = t[0]; }
