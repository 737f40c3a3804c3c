#include <sycl/sycl.hpp>
#include "cublas_common.h"

int main() {
  cublasCheck(gpuport_blas_create(&cublas_handle));
  cublasCheck(gpuport_blas_destroy(cublas_handle));
  return 0;
}
