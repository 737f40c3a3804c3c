#include <cuda_runtime.h>

__global__ void bits(const unsigned int *in, int *first, unsigned int *rev, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    first[i] = __ffs((int)in[i]);
    rev[__brev(in[i]) % n] = __brev(in[i]);
    unsigned long long wide = __brevll((unsigned long long)in[i]);
    float f = __int_as_float(0x3f800000) + __uint_as_float(in[i] & 0x3fffffffu);
    int bits_of = __float_as_int(f);
    double d = __longlong_as_double(__double_as_longlong(1.0) + (long long)(wide & 1ull));
    float s, c, sp, cp;
    sincosf(f, &s, &c);
    sincospif(f, &sp, &cp);
    out[i] = __saturatef(s + c + sp + cp) + (float)d + (float)bits_of + (float)__ffsll((long long)wide);
}
