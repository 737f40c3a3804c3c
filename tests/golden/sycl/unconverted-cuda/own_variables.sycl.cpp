// Variables the file declares with CUDA's names (stb_image's SSE code: `__m128i int1`, a macro's
// `int y0`) are the file's own and not reported; a real call of the Bessel function y0 still is.
#include <sycl/sycl.hpp>
#include <cmath>
#include <emmintrin.h>
static void f(__m128i even, __m128i odd) {
  __m128i int1 = _mm_unpackhi_epi16(even, odd);
  __m128i de1 = _mm_srli_epi16(int1, 4);
  (void)de1;
}
#define dct_trn64(x, y) { int x0 = x; int y0 = y; x = x0 + y0; y = x0 - y0; }
static int g(int a, int b) { dct_trn64(a, b); return a + b; }
void bessel(float *p, const sycl::nd_item<3> &item) { p[0] = y0(p[1]); }
