#include <cublas_v2.h>
#define CHECK(x) do { if ((x) != CUBLAS_STATUS_SUCCESS) return 1; } while (0)
int setup(cublasHandle_t handle) {
  CHECK(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));
  cublasSetMathMode(handle, CUBLAS_TF32_TENSOR_OP_MATH);
  return 0;
}
