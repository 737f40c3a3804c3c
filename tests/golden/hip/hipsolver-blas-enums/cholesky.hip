// cuSOLVER takes cuBLAS's enums (cuda-samples' cuSolverDn_LinearSolver): the translation asks hipSOLVER
// to take hipBLAS's, so a hipblasFillMode_t variable is a hipsolverFillMode_t.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <hipblas/hipblas.h>
#ifndef HIPSOLVER_USE_HIPBLAS_ENUMS
#define HIPSOLVER_USE_HIPBLAS_ENUMS
#endif
#include <hipsolver/hipsolver.h>

int buffer_size(hipsolverHandle_t handle, int n, const double *A, int lda) {
  int size = 0;
  hipblasFillMode_t uplo = HIPBLAS_FILL_MODE_LOWER;
  if (hipsolverDnDpotrf_bufferSize(handle, uplo, n, (double *)A, lda, &size) != HIPSOLVER_STATUS_SUCCESS) return -1;
  return size;
}
