// cuda-samples' matrixMulCUBLAS: the file defines min/max as function-like macros. Their calls are the
// preprocessor's expansions: renamed to sycl::min they would expand to `sycl::((a < b) ? a : b)`.
#include <cuda_runtime.h>

#ifndef min
#define min(a, b) ((a < b) ? a : b)
#endif
#ifndef max
#define max(a, b) ((a > b) ? a : b)
#endif

int clamp_multiple(int s) {
    s = min(s, 10);
    s = max(s, 1);
    return s;
}

__global__ void cap(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = min(x[i], 1.0f);
}
