// gpuport: hip_version=5.2
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#define CHECK(x) do { if ((x) != HIPBLAS_STATUS_SUCCESS) return 1; } while (0)
int setup(hipblasHandle_t handle) {
  CHECK(((void)(handle), HIPBLAS_STATUS_SUCCESS));
  ((void)(handle), HIPBLAS_STATUS_SUCCESS);
  return 0;
}
