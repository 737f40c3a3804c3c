#include <cuda_runtime.h>
#include "cublas_common.h"

int main() {
  cublasCheck(cublasCreate(&cublas_handle));
  cublasCheck(cublasDestroy(cublas_handle));
  return 0;
}
