// hip_complex.h: hipFloatComplex / hipDoubleComplex arithmetic on the device, checked against std::complex.
#include "check.h"

#include <hip/hip_complex.h>

#include <complex>
#include <vector>

__global__ void complex_ops(const hipFloatComplex* a, const hipFloatComplex* b, hipFloatComplex* out,
                            float* abs_out, hipDoubleComplex* dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  hipFloatComplex x = a[i], y = b[i];
  hipFloatComplex r = hipCaddf(hipCmulf(x, y), hipConjf(x));  // x*y + conj(x)
  r = hipCsubf(r, make_hipFloatComplex(1.0f, -1.0f));
  out[2 * i] = r;
  out[2 * i + 1] = hipCdivf(x, y);
  abs_out[i] = hipCabsf(x) + hipCrealf(y) - hipCimagf(y);
  hipDoubleComplex dx = hipComplexFloatToDouble(x);
  dout[i] = hipCfma(dx, dx, make_hipDoubleComplex(hipCreal(dx), 0.0));
}

int main() {
  const int n = 1000;
  std::vector<hipFloatComplex> a(n), b(n), out(2 * n);
  std::vector<float> abs_out(n);
  std::vector<hipDoubleComplex> dout(n);
  for (int i = 0; i < n; ++i) {
    a[i] = make_hipFloatComplex(0.01f * i - 3.0f, 1.0f + 0.002f * i);
    b[i] = make_hipFloatComplex(2.0f - 0.003f * i, 0.5f + (i % 5));
  }
  hipFloatComplex *da, *db, *dout_f;
  float* dabs;
  hipDoubleComplex* dd;
  HIP_CHECK(hipMalloc(&da, n * sizeof(hipFloatComplex)));
  HIP_CHECK(hipMalloc(&db, n * sizeof(hipFloatComplex)));
  HIP_CHECK(hipMalloc(&dout_f, 2 * n * sizeof(hipFloatComplex)));
  HIP_CHECK(hipMalloc(&dabs, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dd, n * sizeof(hipDoubleComplex)));
  HIP_CHECK(hipMemcpy(da, a.data(), n * sizeof(hipFloatComplex), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), n * sizeof(hipFloatComplex), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(complex_ops, dim3((n + 127) / 128), dim3(128), 0, 0, da, db, dout_f, dabs, dd, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(out.data(), dout_f, 2 * n * sizeof(hipFloatComplex), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(abs_out.data(), dabs, n * sizeof(float), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(dout.data(), dd, n * sizeof(hipDoubleComplex), hipMemcpyDeviceToHost));

  int errors = 0;
  for (int i = 0; i < n; ++i) {
    std::complex<double> x(hipCrealf(a[i]), hipCimagf(a[i])), y(hipCrealf(b[i]), hipCimagf(b[i]));
    std::complex<double> r = x * y + std::conj(x) - std::complex<double>(1.0, -1.0), q = x / y;
    errors += !close_enough(hipCrealf(out[2 * i]), r.real(), 1e-5) || !close_enough(hipCimagf(out[2 * i]), r.imag(), 1e-5);
    errors += !close_enough(hipCrealf(out[2 * i + 1]), q.real(), 1e-5) ||
              !close_enough(hipCimagf(out[2 * i + 1]), q.imag(), 1e-5);
    errors += !close_enough(abs_out[i], std::abs(x) + y.real() - y.imag(), 1e-5);
    std::complex<double> d = x * x + std::complex<double>(x.real(), 0.0);
    errors += !close_enough(hipCreal(dout[i]), d.real(), 1e-12) || !close_enough(hipCimag(dout[i]), d.imag(), 1e-12);
  }
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dout_f));
  HIP_CHECK(hipFree(dabs));
  HIP_CHECK(hipFree(dd));
  return finish("complex_math", errors);
}
