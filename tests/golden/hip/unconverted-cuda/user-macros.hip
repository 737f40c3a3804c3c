// The project's checking macros live in a header that is not part of the input: they are not CUDA's.
#include <hip/hip_runtime.h>
#include "checks.h"

void release(float *p, hipblasHandle_t h)
{
    CUDA_CHECK(hipFree(p));
    CUBLAS_CHECK(hipblasDestroy(h));
    CUDA_CHECK(hipDeviceSynchronize());
    cudaNotAnApiFunction(p);
}
