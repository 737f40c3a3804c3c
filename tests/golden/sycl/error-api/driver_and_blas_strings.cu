#include <cuda.h>
#include <cublas_v2.h>
static const char *cu_str(CUresult err) {
  const char *s;
  cuGetErrorString(err, &s);
  return s;
}
#define CU_CHECK(x) do { CUresult r = (x); if (r != CUDA_SUCCESS) { const char *n; cuGetErrorName(r, &n); printf("%s %s\n", n, cu_str(r)); } } while (0)
static const char *blas_str(cublasStatus_t st) { return cublasGetStatusString(st); }
void f() { CU_CHECK(CUDA_SUCCESS); }
