// cuda-samples' helper_cuda.h pattern: error strings per library, each compiled only when that library's
// header was included first. nvJPEG has no HIP header, so its branch is dead code in a HIP build: what it
// names is not "left unconverted" there. hipBLAS's and hipFFT's headers define the guards the CUDA ones
// become (HIPBLAS_H, HIPFFT_H_), so those branches are live: a status HIP lacks loses its case (GP134), a
// use outside a case is reported.
#include <cuda_runtime.h>
#include <cstdio>

#ifdef CUDA_DRIVER_API
static const char *driverName() { return "driver"; }
#endif

#ifdef CUBLAS_API_H_
static const char *_cudaGetErrorEnum(cublasStatus_t error) {
  switch (error) {
    case CUBLAS_STATUS_LICENSE_ERROR:
      return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "<unknown>";
}
#endif

#ifdef NVJPEGAPI
static const char *_cudaGetErrorEnum(nvjpegStatus_t error) {
  return error == NVJPEG_STATUS_SUCCESS ? "NVJPEG_STATUS_SUCCESS" : "<unknown>";
}
#endif

#if defined(_CUFFT_H_)
static const char *_cudaGetErrorEnum(cufftResult error) {
  if (error == CUFFT_NVRTC_FAILURE) return "CUFFT_NVRTC_FAILURE";
  return "<unknown>";
}
#endif

static const char *_cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorName(error); }

__global__ void k(float *x) { x[threadIdx.x] *= 2.0f; }

int main() {
  float *d;
  cudaMalloc(&d, 32 * sizeof(float));
  k<<<1, 32>>>(d);
  std::printf("%s\n", _cudaGetErrorEnum(cudaDeviceSynchronize()));
  // A live use of a name with no HIP counterpart is still reported:
  cudaMemcpyBatchAsync(nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0, nullptr, 0);
  return 0;
}
