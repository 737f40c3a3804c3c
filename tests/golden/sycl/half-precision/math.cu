#include <cuda_fp16.h>

__global__ void hmath(__half *h, __half2 *h2, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    h[i] = hsqrt(h[i]) + hexp(h[i]) + hlog(h[i]) + hrcp(h[i]) + hrsqrt(h[i]) + hfloor(h[i]);
    h2[i] = h2exp(h2sqrt(h2[i])) + h2log(h2[i]) + h2rcp(h2[i]) + h2sin(h2[i]) + h2cos(h2[i]);
}
