#include <cuda_fp16.h>

__device__ __half lerp(__half a, __half b, __half t) { return __hfma(t, __hsub(b, a), a); }

__global__ void arith(const __half2 *a, const __half2 *b, __half2 *out, __half *s, bool *flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = __hadd2(a[i], b[i]);
    __half2 y = __hmul2(__hsub2(a[i], b[i]), __h2div(a[i], b[i]));
    x = __hfma2(x, y, __hneg2(__habs2(a[i])));
    out[i] = __hmin2(__hmax2(x, __float2half2_rn(-1.0f)), __half2half2(__float2half(1.0f)));
    __half m = __hmax(__hmul(s[i], s[i]), __hdiv(__hneg(s[i]), __habs(s[i])));
    s[i] = lerp(__hadd(m, __low2half(x)), __hmin(m, s[i]), __float2half(0.5f));
    flags[i] = __hgt(m, s[i]) || __heq(m, s[i]) || __hne(m, s[i]) || __hltu(m, s[i]) || __hisnan(m);
    flags[i] = flags[i] && __hbge2(x, y) && __low2float(__hlt2(x, y)) == 1.0f;
    out[i] += x * y - a[i];
    int avg = __hadd(i, n);  // CUDA's integer halving add shares the name
    s[i] = s[i] + __float2half((float)avg);
}
