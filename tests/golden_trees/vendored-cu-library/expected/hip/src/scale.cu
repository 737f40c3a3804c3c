#include <cutil.h>
#include <cusp/convert.h>

__global__ void scale(float *x, int n, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}

hipError_t run(float *x, int n)
{
    scale<<<(n + 255) / 256, 256>>>(x, n, to_float(2));
    CUTIL_SAFE_CALL(hipGetLastError());
    return hipDeviceSynchronize();
}
