// hipFFT: a forward then inverse 1-D complex transform, checked against a direct DFT and the round trip.
#include "check.h"

#include <hipfft/hipfft.h>

#include <complex>
#include <vector>

int main() {
  const int n = 256;
  std::vector<hipfftComplex> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i].x = std::cos(0.1f * i) + 0.25f * (i % 3);
    x[i].y = std::sin(0.05f * i);
  }
  hipfftComplex* d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(hipfftComplex)));
  HIP_CHECK(hipMemcpy(d, x.data(), n * sizeof(hipfftComplex), hipMemcpyHostToDevice));
  hipfftHandle plan;
  if (hipfftPlan1d(&plan, n, HIPFFT_C2C, 1) != HIPFFT_SUCCESS) return finish("hipfft_c2c", 1);
  int errors = hipfftExecC2C(plan, d, d, HIPFFT_FORWARD) != HIPFFT_SUCCESS;
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(y.data(), d, n * sizeof(hipfftComplex), hipMemcpyDeviceToHost));
  const double pi = 3.14159265358979323846;
  for (int k = 0; k < n; ++k) {
    std::complex<double> acc = 0;
    for (int j = 0; j < n; ++j) acc += std::complex<double>(x[j].x, x[j].y) * std::polar(1.0, -2 * pi * j * k / n);
    errors += std::abs(std::complex<double>(y[k].x, y[k].y) - acc) > 1e-3 * (1 + std::abs(acc));
  }
  errors += hipfftExecC2C(plan, d, d, HIPFFT_BACKWARD) != HIPFFT_SUCCESS;
  HIP_CHECK(hipMemcpy(y.data(), d, n * sizeof(hipfftComplex), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) errors += std::fabs(y[i].x / n - x[i].x) > 1e-4 || std::fabs(y[i].y / n - x[i].y) > 1e-4;
  errors += hipfftDestroy(plan) != HIPFFT_SUCCESS;
  HIP_CHECK(hipFree(d));
  return finish("hipfft_c2c", errors);
}
