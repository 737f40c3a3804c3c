// Library headers a project includes directly rather than through its umbrella: cuBLAS's API header
// (cublas_v2.h includes it) and Thrust's CUDA-system headers. hipBLAS has one header for both cuBLAS
// APIs; rocThrust keeps Thrust's public header paths and names its system `hip`.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <thrust/system/hip/error.h>
#include <thrust/system/hip/vector.h>
#include <thrust/system_error.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/device_vector.h>

int scale(float *d_x, int n, float alpha) {
  hipblasHandle_t handle;
  if (hipblasCreate(&handle) != HIPBLAS_STATUS_SUCCESS) return 1;
  hipblasSscal(handle, n, &alpha, d_x, 1);
  hipblasDestroy(handle);
  thrust::device_vector<float> v(4, 1.0f);
  return v.size() == 4 ? 0 : 1;
}
