#include <cuda_fp16.h>

struct Range { int half; };

__global__ void split(const float *in, float *out, Range r, int n) {
    int half = n / 2;  // a variable called half is the program's own
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < half) out[i] = in[i] + (float)r.half;
    __half x = __float2half(in[i]);
    out[i] += __half2float(x);
}
