#ifndef GPUPORT_VEC_double2
#define GPUPORT_VEC_double2
struct alignas(16) double2 { double x, y; };
inline double2 make_double2(double x, double y) { return double2{x, y}; }
#endif
#ifndef GPUPORT_VEC_float2
#define GPUPORT_VEC_float2
struct alignas(8) float2 { float x, y; };
inline float2 make_float2(float x, float y) { return float2{x, y}; }
#endif
// KBLAS's kblas_l2.h names cuComplex.h's types and leaves the include to the file including it.
int kblas_cscal(int n, float2 alpha, float2 *x, int incx);
int kblas_zscal(int n, double2 alpha, double2 *x, int incx);
