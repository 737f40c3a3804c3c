#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#define CHECK(x) do { if ((x) != HIPBLAS_STATUS_SUCCESS) return 1; } while (0)
int setup(hipblasHandle_t handle) {
  CHECK(hipblasSetMathMode(handle, HIPBLAS_PEDANTIC_MATH));
  hipblasSetMathMode(handle, HIPBLAS_TF32_TENSOR_OP_MATH);
  return 0;
}
