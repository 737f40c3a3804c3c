// gpuport: hip_version=5.2
#include <cufft.h>
#include <cusolverDn.h>

// Error strings for every status, as cuda-samples' helper_cuda.h writes them: the cases for statuses the
// target hipFFT/hipSOLVER lack go, the others are renamed.
static const char *fftErrorString(cufftResult error) {
  switch (error) {
    case CUFFT_SUCCESS:
      return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN:
      return "CUFFT_INVALID_PLAN";
    case CUFFT_MISSING_DEPENDENCY:
      return "CUFFT_MISSING_DEPENDENCY";
    case CUFFT_NVRTC_FAILURE:
      return "CUFFT_NVRTC_FAILURE";
  }
  return "<unknown>";
}

static const char *solverErrorString(cusolverStatus_t error) {
  switch (error) {
    case CUSOLVER_STATUS_SUCCESS:
      return "CUSOLVER_STATUS_SUCCESS";
    case CUSOLVER_STATUS_INVALID_LICENSE:  // no HIP counterpart: label and statements go
      return "CUSOLVER_STATUS_INVALID_LICENSE";
    case CUSOLVER_STATUS_NOT_INITIALIZED:
    case CUSOLVER_STATUS_ZERO_PIVOT:  // needs HIP 5.6; the label above falls into these statements
      return "not initialized or zero pivot";
    case CUSOLVER_STATUS_INTERNAL_ERROR:
      return "CUSOLVER_STATUS_INTERNAL_ERROR";
    case CUSOLVER_STATUS_IRS_INTERNAL_ERROR:  // HIPSOLVER_STATUS_INTERNAL_ERROR as well: a duplicate case
      return "CUSOLVER_STATUS_IRS_INTERNAL_ERROR";
    default:
      break;
  }
  return "<unknown>";
}

int main() {
  return fftErrorString(CUFFT_SUCCESS)[0] == 'C' && solverErrorString(CUSOLVER_STATUS_SUCCESS)[0] == 'C' ? 0 : 1;
}
