#include <cuda_runtime.h>
#include <cuda_fp16.h>

// __half2 packs two values; half is the typedef
__global__ void convert(const float *in, __half *out, half2 *pairs, float *back, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half h = __float2half_rn(in[i]);
    half g = __float2half(in[i] * 2.0f);
    out[i] = h;
    pairs[i] = __floats2half2_rn(in[i], -in[i]);
    __half2 p = __halves2half2(h, g);
    __half2 q = make_half2(__low2half(p), __high2half(p));
    float2 f = __half22float2(q);
    back[i] = __half2float(h) + __low2float(p) + __high2float(q) + f.x + f.y + p.x + (float)q.y;
    back[i] += (float)__half2int_rz(g) + (float)__half2int_rn(g) + (float)__half_as_ushort(h);
}
