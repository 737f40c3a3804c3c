// cuComplex.h in SYCL: the types are CUDA's float2/double2 (fields .x/.y stay), the functions inline helpers.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_COMPLEX
#define GPUPORT_SYCL_COMPLEX
// cuComplex.h: a complex number is CUDA's float2/double2, real in .x, imaginary in .y.
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
#ifndef GPUPORT_VEC_double2
#define GPUPORT_VEC_double2
struct alignas(16) double2 { double x, y; };
inline double2 make_double2(double x, double y) { return double2{x, y}; }
#endif
inline float gpuport_crealf(float2 z) { return z.x; }
inline float gpuport_cimagf(float2 z) { return z.y; }
inline float2 gpuport_conjf(float2 z) { return float2{z.x, -z.y}; }
inline float2 gpuport_caddf(float2 a, float2 b) { return float2{a.x + b.x, a.y + b.y}; }
inline float2 gpuport_csubf(float2 a, float2 b) { return float2{a.x - b.x, a.y - b.y}; }
inline float2 gpuport_cmulf(float2 a, float2 b) {
  return float2{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}
// Scaled by |re| + |im| of the divisor first, as CUDA's cuCdiv: no overflow in |b|^2.
inline float2 gpuport_cdivf(float2 a, float2 b) {
  const float s = sycl::fabs(b.x) + sycl::fabs(b.y), inv = float(1) / s;
  const float ar = a.x * inv, ai = a.y * inv, br = b.x * inv, bi = b.y * inv;
  const float d = float(1) / (br * br + bi * bi);
  return float2{(ar * br + ai * bi) * d, (ai * br - ar * bi) * d};
}
inline float gpuport_cabsf(float2 z) { return sycl::hypot(z.x, z.y); }
// x * y + d, in CUDA's order of operations.
inline float2 gpuport_cfmaf(float2 x, float2 y, float2 d) {
  return float2{(x.x * y.x + d.x) + -x.y * y.y, (x.x * y.y + d.y) + x.y * y.x};
}
inline double gpuport_creal(double2 z) { return z.x; }
inline double gpuport_cimag(double2 z) { return z.y; }
inline double2 gpuport_conj(double2 z) { return double2{z.x, -z.y}; }
inline double2 gpuport_cadd(double2 a, double2 b) { return double2{a.x + b.x, a.y + b.y}; }
inline double2 gpuport_csub(double2 a, double2 b) { return double2{a.x - b.x, a.y - b.y}; }
inline double2 gpuport_cmul(double2 a, double2 b) {
  return double2{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}
// Scaled by |re| + |im| of the divisor first, as CUDA's cuCdiv: no overflow in |b|^2.
inline double2 gpuport_cdiv(double2 a, double2 b) {
  const double s = sycl::fabs(b.x) + sycl::fabs(b.y), inv = double(1) / s;
  const double ar = a.x * inv, ai = a.y * inv, br = b.x * inv, bi = b.y * inv;
  const double d = double(1) / (br * br + bi * bi);
  return double2{(ar * br + ai * bi) * d, (ai * br - ar * bi) * d};
}
inline double gpuport_cabs(double2 z) { return sycl::hypot(z.x, z.y); }
// x * y + d, in CUDA's order of operations.
inline double2 gpuport_cfma(double2 x, double2 y, double2 d) {
  return double2{(x.x * y.x + d.x) + -x.y * y.y, (x.x * y.y + d.y) + x.y * y.x};
}
inline double2 gpuport_complex_float_to_double(float2 z) { return double2{z.x, z.y}; }
inline float2 gpuport_complex_double_to_float(double2 z) { return float2{(float)z.x, (float)z.y}; }
#endif
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void rotate(double2 *z, int n, const sycl::nd_item<3> &item) {
    int i = item.get_group(2) * item.get_local_range(2) + item.get_local_id(2);
    if (i < n) {
        double2 w = make_double2(0.0, 1.0);
        z[i] = gpuport_cadd(gpuport_cmul(z[i], w), gpuport_conj(z[i]));
        double m = gpuport_cabs(z[i]) + gpuport_creal(z[i]) - gpuport_cimag(z[i]);
        z[i].x += m;
    }
}

int main() {
    float2 a = make_float2(1.0f, 2.0f), b = make_float2(3.0f, -1.0f);
    float2 q = gpuport_cdivf(a, b);
    double2 d = gpuport_complex_float_to_double(gpuport_cfmaf(a, b, q));
    printf("%f %f %f %f\n", gpuport_crealf(q), gpuport_cimagf(q), d.x, d.y);
    double2 *z;
    z = static_cast<std::remove_reference_t<decltype(z)>>(sycl::malloc_shared(4 * sizeof(double2), gpuport_queue()));
    for (int i = 0; i < 4; ++i) z[i] = make_double2(i, 1.0);
    gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 4), sycl::range<3>(1, 1, 4)), [=](sycl::nd_item<3> item) { rotate(z, 4, item); });
    gpuport_queue().wait();
    printf("%f %f\n", gpuport_creal(z[3]), gpuport_cimag(z[3]));
    sycl::free(z, gpuport_queue());
    return 0;
}
