// gpuport: hip_version=5.2
#include <hip/hip_runtime.h>
#include <hipfft/hipfft.h>
#ifndef HIPSOLVER_USE_HIPBLAS_ENUMS
#define HIPSOLVER_USE_HIPBLAS_ENUMS
#endif
#include <hipsolver/hipsolver.h>

// Error strings for every status, as cuda-samples' helper_cuda.h writes them: the cases for statuses the
// target hipFFT/hipSOLVER lack go, the others are renamed.
static const char *fftErrorString(hipfftResult error) {
  switch (error) {
    case HIPFFT_SUCCESS:
      return "CUFFT_SUCCESS";
    case HIPFFT_INVALID_PLAN:
      return "CUFFT_INVALID_PLAN";
  }
  return "<unknown>";
}

static const char *solverErrorString(hipsolverStatus_t error) {
  switch (error) {
    case HIPSOLVER_STATUS_SUCCESS:
      return "CUSOLVER_STATUS_SUCCESS";
    case HIPSOLVER_STATUS_NOT_INITIALIZED:
      return "not initialized or zero pivot";
    case HIPSOLVER_STATUS_INTERNAL_ERROR:
      return "CUSOLVER_STATUS_INTERNAL_ERROR";
    default:
      break;
  }
  return "<unknown>";
}

int main() {
  return fftErrorString(HIPFFT_SUCCESS)[0] == 'C' && solverErrorString(HIPSOLVER_STATUS_SUCCESS)[0] == 'C' ? 0 : 1;
}
