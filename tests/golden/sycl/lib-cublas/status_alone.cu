// A project header that names cublasStatus_t but includes no cuBLAS header itself (it relies on its
// includer's): the status type comes alone, guarded, before its first use.
#include <cuda_runtime.h>

inline const char *blasStatusName(cublasStatus_t s)
{
    return s == CUBLAS_STATUS_SUCCESS ? "CUBLAS_STATUS_SUCCESS" : "cuBLAS error";
}

inline const char *statusName(cudaError_t e) { return cudaGetErrorString(e); }
