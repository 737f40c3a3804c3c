#include <cuda_runtime.h>
#include <cublas_v2.h>  // before chError.h, so cublas() is defined
#include "chError.h"

int make_handle() {
  cublasHandle_t h;
  cublasStatus_t status;
  cublas(Create(&h));
  cublas(Destroy(h));
  return 0;
Error:
  return 1;
}
