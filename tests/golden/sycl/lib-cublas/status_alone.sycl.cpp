// A project header that names cublasStatus_t but includes no cuBLAS header itself (it relies on its
// includer's): the status type comes alone, guarded, before its first use.
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
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

inline const char *blasStatusName(gpuport_blas_status s)
{
    return s == 0 ? "CUBLAS_STATUS_SUCCESS" : "cuBLAS error";
}

inline const char *statusName(int e) { return "SYCL error (SYCL reports errors as exceptions)"; }
