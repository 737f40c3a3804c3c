// The CUDA Handbook: chError.h (inlined below) defines cublas() only #ifdef CUBLAS_V2_H_; HIP tests hipblas.h's guard.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>  // before chError.h, so cublas() is defined
#ifdef HIPBLAS_H
#define cublas(fn) do { status = (fn); if (HIPBLAS_STATUS_SUCCESS != status) goto Error; } while (0)
#endif

int make_handle() {
  hipblasHandle_t h;
  hipblasStatus_t status;
  cublas(hipblasCreate(&h));
  cublas(hipblasDestroy(h));
  return 0;
Error:
  return 1;
}
