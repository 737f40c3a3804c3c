// `__constant__ T a[] = {...}` takes its extent from the initializer (the CUDA samples' DCT matrices).
#include <cstdio>

__constant__ float weights[] = {0.25f, 0.5f, 0.25f};

__global__ void smooth(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1)
        out[i] = weights[0] * in[i - 1] + weights[1] * in[i] + weights[2] * in[i + 1];
}
