// cuSOLVER takes cuBLAS's enums (cuda-samples' cuSolverDn_LinearSolver): the translation asks hipSOLVER
// to take hipBLAS's, so a hipblasFillMode_t variable is a hipsolverFillMode_t.
#include <cstdio>
#include <cublas_v2.h>
#include <cusolverDn.h>

int buffer_size(cusolverDnHandle_t handle, int n, const double *A, int lda) {
  int size = 0;
  cublasFillMode_t uplo = CUBLAS_FILL_MODE_LOWER;
  if (cusolverDnDpotrf_bufferSize(handle, uplo, n, (double *)A, lda, &size) != CUSOLVER_STATUS_SUCCESS) return -1;
  return size;
}
