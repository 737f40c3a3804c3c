// cuBLAS's complex routines (qulacs' state-vector algebra): Zgemm with conjugate transposes, Zgemv, Zdotc,
// Zdotu, Dznrm2 and Cgemm, printed for tests/test_sycl_libs_run.py to check against numpy.
#include <cstdio>
#include <cublas_v2.h>
#include <cuComplex.h>
#include <cuda_runtime.h>

static void print(const char *name, const cuDoubleComplex *v, int n) {
  printf("%s", name);
  for (int i = 0; i < n; i++) printf(" %.17g %.17g", cuCreal(v[i]), cuCimag(v[i]));
  printf("\n");
}

int main() {
  const int m = 3, n = 2, k = 4;
  cuDoubleComplex *a, *b, *c, *x, *y, *r;
  cuFloatComplex *fa, *fb, *fc;
  cudaMallocManaged(&a, m * k * sizeof(cuDoubleComplex));
  cudaMallocManaged(&b, k * n * sizeof(cuDoubleComplex));
  cudaMallocManaged(&c, m * n * sizeof(cuDoubleComplex));
  cudaMallocManaged(&x, k * sizeof(cuDoubleComplex));
  cudaMallocManaged(&y, m * sizeof(cuDoubleComplex));
  cudaMallocManaged(&r, 2 * sizeof(cuDoubleComplex));
  cudaMallocManaged(&fa, 4 * sizeof(cuFloatComplex));
  cudaMallocManaged(&fb, 4 * sizeof(cuFloatComplex));
  cudaMallocManaged(&fc, 4 * sizeof(cuFloatComplex));
  for (int i = 0; i < m * k; i++) a[i] = make_cuDoubleComplex(0.5 * i - 1.0, 0.25 * (i % 3));
  for (int i = 0; i < k * n; i++) b[i] = make_cuDoubleComplex(1.0 - 0.3 * i, 0.1 * i);
  for (int i = 0; i < m * n; i++) c[i] = make_cuDoubleComplex(i, -i);
  for (int i = 0; i < k; i++) x[i] = make_cuDoubleComplex(i + 1, 0.5 * i);
  for (int i = 0; i < m; i++) y[i] = make_cuDoubleComplex(1, 1);
  for (int i = 0; i < 4; i++) {
    fa[i] = make_cuFloatComplex(i, 1);
    fb[i] = make_cuFloatComplex(1, -i);
    fc[i] = make_cuFloatComplex(0, 0);
  }
  cublasHandle_t h;
  cublasCreate(&h);
  const cuDoubleComplex alpha = make_cuDoubleComplex(1.5, -0.5), beta = make_cuDoubleComplex(0.25, 1.0);
  // C (m x n) = alpha A B + beta C, A m x k, B k x n
  cublasZgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, a, m, b, k, &beta, c, m);
  cudaDeviceSynchronize();
  print("zgemm_nn", c, m * n);
  // C (m x n) = alpha A B^H, B^H from an n x k matrix stored in b
  cublasZgemm(h, CUBLAS_OP_N, CUBLAS_OP_C, m, n, k, &alpha, a, m, b, n, &beta, c, m);
  cudaDeviceSynchronize();
  print("zgemm_nc", c, m * n);
  // y (m) = alpha A x + beta y; then x-sized result of A^H y
  cublasZgemv(h, CUBLAS_OP_N, m, k, &alpha, a, m, x, 1, &beta, y, 1);
  cudaDeviceSynchronize();
  print("zgemv_n", y, m);
  cublasZgemv(h, CUBLAS_OP_C, m, k, &alpha, a, m, y, 1, &beta, x, 1);
  cudaDeviceSynchronize();
  print("zgemv_c", x, k);
  cublasZdotc(h, k, x, 1, b, 1, &r[0]);
  cublasZdotu(h, k, x, 1, b, 1, &r[1]);
  print("zdot", r, 2);
  double norm = 0;
  cublasDznrm2(h, k, x, 1, &norm);
  printf("dznrm2 %.17g\n", norm);
  const cuFloatComplex falpha = make_cuFloatComplex(1, 0), fbeta = make_cuFloatComplex(0, 0);
  cublasCgemm(h, CUBLAS_OP_T, CUBLAS_OP_N, 2, 2, 2, &falpha, fa, 2, fb, 2, &fbeta, fc, 2);
  cudaDeviceSynchronize();
  printf("cgemm_tn");
  for (int i = 0; i < 4; i++) printf(" %.9g %.9g", cuCrealf(fc[i]), cuCimagf(fc[i]));
  printf("\n");
  cublasDestroy(h);
  return 0;
}
