// cuda-samples' helper_cuda.h pattern: error strings per library, each compiled only when that library's
// header was included first. No translation includes cuBLAS's or cuFFT's header, so those branches are
// dead code there: what they name is not "left unconverted" in the build.
#include <sycl/sycl.hpp>
#include <cstdio>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif

#ifdef CUDA_DRIVER_API
static const char *driverName() { return "driver"; }
#endif
#ifndef GPUPORT_SYCL_BLAS_STATUS
#define GPUPORT_SYCL_BLAS_STATUS
// cuBLAS's cublasStatus_t: an int, as a type of its own (overloads on it and on cudaError_t stay apart).
struct gpuport_blas_status {
  int value;
  gpuport_blas_status(int v = 0) : value(v) {}
  operator int() const { return value; }
};
#endif

#ifdef CUBLAS_API_H_
static const char *_cudaGetErrorEnum(gpuport_blas_status error) {
  switch (error) {
    case 16:
      return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "<unknown>";
}
#endif

#if defined(_CUFFT_H_)
static const char *_cudaGetErrorEnum(gpuport_fft_result error) {
  if (error == CUFFT_NVRTC_FAILURE) return "CUFFT_NVRTC_FAILURE";
  return "<unknown>";
}
#endif

static const char *_cudaGetErrorEnum(int error) { return "SYCL error"; }

void k(float *x, const sycl::nd_item<3> &item) { x[item.get_local_id(2)] *= 2.0f; }

int main() {
  float *d;
  d = (float *)sycl::malloc_device(32 * sizeof(float), gpuport_queue());
  gpuport_queue().parallel_for(sycl::nd_range<3>(sycl::range<3>(1, 1, 1) * sycl::range<3>(1, 1, 32), sycl::range<3>(1, 1, 32)), [=](sycl::nd_item<3> item) { k(d, item); });
  std::printf("%s\n", _cudaGetErrorEnum((gpuport_queue().wait(), 0)));
  // A live use of a name with no HIP counterpart is still reported:
  cudaMemcpyBatchAsync(nullptr, nullptr, nullptr, 0, nullptr, nullptr, 0, nullptr, 0);
  return 0;
}
