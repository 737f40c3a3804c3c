// A project's error helpers overloaded on cudaError_t and cublasStatus_t (FasterTransformer's and CTranslate2's
// `_cudaGetErrorEnum`): both are ints in SYCL, so cuBLAS's status is a type of its own that converts both
// ways; the overloads stay two functions and a template picks the one its argument's type names.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cstdio>
static const char *_cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorString(error); }
static const char *_cudaGetErrorEnum(cublasStatus_t error)
{
    switch (error) {
    case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    default: return "<unknown>";
    }
}
template <typename T> void check(T result, const char *what)
{
    if (result) { std::printf("error %d: %s at %s\n", (int)result, _cudaGetErrorEnum(result), what); }
}
int main()
{
    cublasHandle_t h;
    check(cublasCreate(&h), "create");
    cublasStatus_t s = cublasDestroy(h);
    check(s, "destroy");
    check(cudaDeviceSynchronize(), "sync");
    return s == CUBLAS_STATUS_SUCCESS ? 0 : 1;
}
