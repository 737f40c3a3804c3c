// The CUDA Handbook: chError.h (inlined below) defines cublas() only #ifdef CUBLAS_V2_H_; HIP tests hipblas.h's guard.
#include <cuda_runtime.h>
#include <cublas_v2.h>  // before chError.h, so cublas() is defined
#ifdef CUBLAS_V2_H_
#define cublas(fn) do { status = (cublas##fn); if (CUBLAS_STATUS_SUCCESS != status) goto Error; } while (0)
#endif

int make_handle() {
  cublasHandle_t h;
  cublasStatus_t status;
  cublas(Create(&h));
  cublas(Destroy(h));
  return 0;
Error:
  return 1;
}
