#include "hip/hip_runtime.h"
#include "cuda.h"

__global__ void scale_kernel(float *x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

void scale_gpu(float *x_gpu, float a, int n) {
    scale_kernel<<<grid_for(n), BLOCK>>>(x_gpu, a, n);
    check_error(hipPeekAtLastError());
}
