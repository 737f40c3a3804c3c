// hipBLAS: C = alpha * A * B + beta * C in column-major order, checked against a host loop.
#include "check.h"

#include <hipblas/hipblas.h>

#include <vector>

#define HIPBLAS_CHECK(expr)                                              \
  do {                                                                   \
    hipblasStatus_t st_ = (expr);                                        \
    if (st_ != HIPBLAS_STATUS_SUCCESS) {                                 \
      std::fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #expr); \
      return 1;                                                          \
    }                                                                    \
  } while (0)

int main() {
  const int m = 64, n = 48, k = 32;
  std::vector<float> a(m * k), b(k * n), c(m * n, 1.0f);
  for (int i = 0; i < m * k; ++i) a[i] = (float)((i % 13) - 6) / 8.0f;
  for (int i = 0; i < k * n; ++i) b[i] = (float)((i % 7) - 3) / 4.0f;
  float *da, *db, *dc;
  HIP_CHECK(hipMalloc(&da, a.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&db, b.size() * sizeof(float)));
  HIP_CHECK(hipMalloc(&dc, c.size() * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), a.size() * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), b.size() * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(dc, c.data(), c.size() * sizeof(float), hipMemcpyHostToDevice));

  hipblasHandle_t handle;
  HIPBLAS_CHECK(hipblasCreate(&handle));
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  HIPBLAS_CHECK(hipblasSetStream(handle, stream));
  HIPBLAS_CHECK(hipblasSetPointerMode(handle, HIPBLAS_POINTER_MODE_HOST));
  const float alpha = 2.0f, beta = 0.5f;
  HIPBLAS_CHECK(hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &alpha, da, m, db, k, &beta, dc, m));
  HIP_CHECK(hipStreamSynchronize(stream));
  std::vector<float> got(m * n);
  HIP_CHECK(hipMemcpy(got.data(), dc, got.size() * sizeof(float), hipMemcpyDeviceToHost));

  int errors = 0;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      double acc = 0;
      for (int p = 0; p < k; ++p) acc += (double)a[i + p * m] * b[p + j * k];
      errors += !close_enough(got[i + j * m], alpha * acc + beta * c[i + j * m], 1e-5);
    }
  HIPBLAS_CHECK(hipblasDestroy(handle));
  HIP_CHECK(hipStreamDestroy(stream));
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
  return finish("hipblas_sgemm", errors);
}
