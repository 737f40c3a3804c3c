#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
extern "C++" {
#endif
#include <hip/hip_runtime.h>
#ifdef __cplusplus
}
#endif
#include "util.h"

__global__ void doubled(int *a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = twice(a[i]);
}

void check_error(hipError_t err)
{
    if (err != hipSuccess)
        err = hipGetLastError();
}

#ifdef __cplusplus
}
#endif
