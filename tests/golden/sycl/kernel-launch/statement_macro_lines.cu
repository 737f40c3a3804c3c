// Timing macros used as statements with no semicolon (Rodinia's dwt2d): the launch between them
// must still be found and translated.
#include <cstdio>

#define PERF_BEGIN
#define PERF_END(NAME, W, H)

__global__ void scale(float *v, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] *= s;
}

void run(float *d, int n)
{
    PERF_BEGIN
    scale<<<(n + 255) / 256, 256>>>(d, 2.0f, n);
    PERF_END("        scale", n, 1)
    cudaDeviceSynchronize();
}
