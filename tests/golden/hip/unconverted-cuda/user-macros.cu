// The project's checking macros live in a header that is not part of the input: they are not CUDA's.
#include <cuda_runtime.h>
#include "checks.h"

void release(float *p, cublasHandle_t h)
{
    CUDA_CHECK(cudaFree(p));
    CUBLAS_CHECK(cublasDestroy(h));
    CUDA_CHECK(cudaDeviceSynchronize());
    cudaNotAnApiFunction(p);
}
