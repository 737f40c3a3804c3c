// 64-bit integers to half, round to nearest: through float, exact wherever half is finite.
#include <cuda_fp16.h>
__global__ void k(__half *h, long long a, unsigned long long b, int c) { h[0] = __ll2half_rn(a); h[1] = __ull2half_rn(b); h[2] = __int2half_rn(c); }
