#include <cuda_runtime.h>

// High halves of products and halving adds: computed in a wider type, no sycl::mul_hi / sycl::hadd.
__global__ void halves(const int *a, const long long *b, long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 >= n) return;
    unsigned int ua = (unsigned int)a[i], ub = (unsigned int)a[i + 1];
    long long s = __mulhi(a[i], a[i + 1]) + __rhadd(a[i], a[i + 1]);
    unsigned int u = __umulhi(ua, ub) ^ __urhadd(ua, ub) ^ __uhadd(ua, ub);
    long long w = __mul64hi(b[i], b[i + 1]);
    unsigned long long uw = __umul64hi((unsigned long long)b[i], (unsigned long long)b[i + 1]);
    out[i] = s + u + w + (long long)uw;
}
