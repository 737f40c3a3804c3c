#include <cuda_runtime.h>
#include <cuda_bf16.h>

__global__ void scale(const float *in, __nv_bfloat16 *out, __nv_bfloat162 *pairs, float *back, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __nv_bfloat16 b = __float2bfloat16(in[i]);
    out[i] = __hmul(b, __float2bfloat16(2.0f));
    pairs[i] = __floats2bfloat162_rn(in[i], 1.0f);
    __nv_bfloat162 p = __hadd2(pairs[i], __float2bfloat162_rn(0.5f));
    back[i] = __bfloat162float(out[i]) + __low2float(p) + __high2float(p) + (float)p.x;
}
