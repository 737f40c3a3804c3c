// CUDA's named constants from math_constants.h, read in a kernel and on the host.
#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_MATH_CONSTANTS
#define GPUPORT_MATH_CONSTANTS
// math_constants.h: CUDA's named constants, correctly rounded; the special values as IEEE bit patterns.
#define CUDART_PI 3.141592653589793
#define CUDART_PIO2 1.5707963267948966
#define CUDART_PIO4 0.7853981633974483
#define CUDART_3PIO4 2.356194490192345
#define CUDART_2_OVER_PI 0.6366197723675814
#define CUDART_SQRT_2OPI 0.7978845608028654
#define CUDART_SQRT_2PI 2.5066282746310007
#define CUDART_SQRT_PIO2 1.2533141373155003
#define CUDART_SQRT_HALF 0.7071067811865476
#define CUDART_SQRT_TWO 1.4142135623730951
#define CUDART_THIRD 0.3333333333333333
#define CUDART_TWOTHIRD 0.6666666666666666
#define CUDART_L2E 1.4426950408889634
#define CUDART_L2T 3.321928094887362
#define CUDART_LG2 0.3010299956639812
#define CUDART_LGE 0.4342944819032518
#define CUDART_LN2 0.6931471805599453
#define CUDART_LNT 2.302585092994046
#define CUDART_LNPI 1.1447298858494002
#define CUDART_LG2_X_1024 308.25471555991675
#define CUDART_LG2_X_1075 323.60724533877976
#define CUDART_LN2_X_1024 709.782712893384
#define CUDART_LN2_X_1025 710.475860073944
#define CUDART_LN2_X_1075 745.1332191019412
#define CUDART_PI_F 3.1415927410125732f
#define CUDART_PIO2_F 1.5707963705062866f
#define CUDART_PIO4_F 0.7853981852531433f
#define CUDART_3PIO4_F 2.356194496154785f
#define CUDART_2_OVER_PI_F 0.6366197466850281f
#define CUDART_SQRT_2_OVER_PI_F 0.7978845834732056f
#define CUDART_SQRT_HALF_F 0.7071067690849304f
#define CUDART_SQRT_TWO_F 1.4142135381698608f
#define CUDART_THIRD_F 0.3333333432674408f
#define CUDART_L2E_F 1.4426950216293335f
#define CUDART_L2T_F 3.321928024291992f
#define CUDART_LG2_F 0.3010300099849701f
#define CUDART_LGE_F 0.4342944920063019f
#define CUDART_LN2_F 0.6931471824645996f
#define CUDART_LNT_F 2.3025851249694824f
#define CUDART_LNPI_F 1.1447298526763916f
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_TWO_TO_23 8388608.0
#define CUDART_TWO_TO_52 4503599627370496.0
#define CUDART_TWO_TO_53 9007199254740992.0
#define CUDART_TWO_TO_54 18014398509481984.0
#define CUDART_TWO_TO_M54 5.551115123125783e-17
#define CUDART_TWO_TO_M1022 2.2250738585072014e-308
#define CUDART_DBL2INT_CVT 6755399441055744.0
#define CUDART_TWO_TO_23_F 8388608.0f
#define CUDART_TWO_TO_24_F 16777216.0f
#define CUDART_TWO_TO_31_F 2147483648.0f
#define CUDART_TWO_TO_32_F 4294967296.0f
#define CUDART_TWO_TO_126_F 8.507059173023462e+37f
#define CUDART_TWO_TO_M126_F 1.1754943508222875e-38f
#define CUDART_REMQUO_BITS_F 3
#define CUDART_REMQUO_MASK_F (~((~0u) << CUDART_REMQUO_BITS_F))
#define CUDART_INF_F sycl::bit_cast<float>(0x7f800000u)
#define CUDART_NAN_F sycl::bit_cast<float>(0x7fffffffu)
#define CUDART_NEG_ZERO_F sycl::bit_cast<float>(0x80000000u)
#define CUDART_MIN_DENORM_F sycl::bit_cast<float>(0x00000001u)
#define CUDART_MAX_NORMAL_F sycl::bit_cast<float>(0x7f7fffffu)
#define CUDART_NORM_HUGE_F 3.4028234663852886e+38f
#define CUDART_INF sycl::bit_cast<double>(0x7ff0000000000000ull)
#define CUDART_NAN sycl::bit_cast<double>(0xfff8000000000000ull)
#define CUDART_NEG_ZERO sycl::bit_cast<double>(0x8000000000000000ull)
#define CUDART_MIN_DENORM sycl::bit_cast<double>(0x0000000000000001ull)
#endif
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

void circle(float *out, float r, const sycl::nd_item<3> &item) {
  out[0] = 2.0f * CUDART_PI_F * r;
  out[1] = CUDART_SQRT_HALF_F;
  out[2] = CUDART_INF_F;
  out[3] = CUDART_MIN_DENORM_F;
}

int main() {
  float *out;
  out = (float *)sycl::malloc_shared(4 * sizeof(float), gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 1), sycl::range<3>(1, 1, 1)), [=](sycl::nd_item<3> item) { circle(out, 0.5f, item); });
  gpuport_queue().wait();
  printf("%a %a %a %a\n", out[0], out[1], out[2], out[3]);
  printf("%a %a %a %d\n", CUDART_PI, CUDART_LN2, CUDART_2_OVER_PI, CUDART_NAN != CUDART_NAN);
  sycl::free(out, gpuport_queue());
  return 0;
}
