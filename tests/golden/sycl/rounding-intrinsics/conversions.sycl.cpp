// CUDA's rounding-mode intrinsics: conversions, arithmetic and classification in a kernel.
#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void quantize(const float *x, const double *d, int *q, float *f, int n, const sycl::nd_item<3> &item) {
  int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
  if (i >= n) return;
  float v = x[i];
  q[i] = ([](float gp_x) { return static_cast<int>(sycl::isnan(gp_x)); })(v) ? 0 : ([](float gp_x) { return static_cast<int>(sycl::rint(gp_x)); })(v * 4.0f);
  f[i] = ([](float gp_a, float gp_b) { float gp_r = gp_a + gp_b; float gp_bv = gp_r - gp_a, gp_av = gp_r - gp_bv; float gp_e = (gp_a - gp_av) + (gp_b - gp_bv); if ((gp_r > 0 && gp_e < 0) || (gp_r < 0 && gp_e > 0)) gp_r = sycl::nextafter(gp_r, float(0)); return gp_r; })(([](float gp_a, float gp_b) { float gp_r = gp_a * gp_b; return gp_r; })(v, 0.5f), ([](int gp_x) { return static_cast<float>(gp_x); })(i)) + ([](float gp_b) { float gp_r = 1.0f / gp_b; return gp_r; })(v + 2.0f);
  if (([](double gp_x) { return static_cast<int>(sycl::signbit(gp_x)); })(d[i])) f[i] = ([](double gp_x) { double gp_d = static_cast<double>(gp_x); float gp_r = static_cast<float>(gp_d); if ((gp_d - static_cast<double>(gp_r)) < 0) gp_r = sycl::nextafter(gp_r, -std::numeric_limits<float>::infinity()); return gp_r; })(d[i]) + ([](float gp_a, float gp_b) { float gp_r = gp_a / gp_b; float gp_e = sycl::fma(-gp_r, gp_b, gp_a); if ((gp_b < 0 ? -gp_e : gp_e) > 0) gp_r = sycl::nextafter(gp_r, std::numeric_limits<float>::infinity()); return gp_r; })(1.0f, 3.0f);
  unsigned int hi = ([](double gp_x) { return static_cast<int>(static_cast<unsigned int>(sycl::bit_cast<unsigned long long>(gp_x) >> 32)); })(d[i]);
  if (hi == 0) ([](unsigned int) {})(100);
}

int main() {
  const int n = 8;
  float *x, *f;
  double *d;
  int *q;
  x = (float *)sycl::malloc_shared(n * sizeof(float), gpuport_queue());
  f = (float *)sycl::malloc_shared(n * sizeof(float), gpuport_queue());
  d = (double *)sycl::malloc_shared(n * sizeof(double), gpuport_queue());
  q = (int *)sycl::malloc_shared(n * sizeof(int), gpuport_queue());
  for (int i = 0; i < n; ++i) {
    x[i] = 0.375f * i - 1.0f;
    d[i] = 1.0 - 0.25 * i;
  }
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, n), sycl::range<3>(1, 1, n)), [=](sycl::nd_item<3> item) { quantize(x, d, q, f, n, item); });
  gpuport_queue().wait();
  for (int i = 0; i < n; ++i) printf("%d %a\n", q[i], f[i]);
  return 0;
}
