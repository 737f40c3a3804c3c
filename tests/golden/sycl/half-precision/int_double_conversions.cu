// DeepSpeed conversion_utils.h: bfloat16 from doubles and integers, 16-bit values to integers (round to nearest even).
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdio>
__global__ void conv(const double *d, const long long *l, const unsigned *u, __nv_bfloat16 *o, long long *back, unsigned *ub, int *ib, short *sb, unsigned long long *qb) {
    int i = threadIdx.x;
    o[i] = __double2bfloat16(d[i]);
    o[i + 8] = __ll2bfloat16_rn(l[i]);
    o[i + 16] = __uint2bfloat16_rn(u[i]);
    o[i + 24] = __int2bfloat16_rn((int)l[i]);
    o[i + 32] = __short2bfloat16_rn((short)l[i]);
    o[i + 40] = __ushort2bfloat16_rn((unsigned short)u[i]);
    o[i + 48] = __ull2bfloat16_rn((unsigned long long)u[i]);
    back[i] = __bfloat162ll_rn(o[i]);
    ub[i] = __bfloat162uint_rn(o[i]) + __half2uint_rn(__float2half((float)d[i]));
    ib[i] = __bfloat162int_rn(o[i]);
    sb[i] = __bfloat162short_rn(o[i]) + __half2short_rn(__float2half(1.5f));
    qb[i] = __bfloat162ull_rn(o[i]) + __half2ull_rn(__float2half(2.5f)) + __half2ll_rn(__float2half(-2.5f)) + __bfloat162ushort_rn(o[i]) + __half2ushort_rn(__float2half(3.5f));
}
