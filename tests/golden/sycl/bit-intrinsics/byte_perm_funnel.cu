// Byte permutes, funnel shifts and sums of absolute differences: no SYCL built-in, so inline lambdas.
__global__ void mix(const unsigned int *a, const unsigned int *b, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int swapped = __byte_perm(a[i], 0, 0x0123);
        unsigned int rotated = __funnelshift_l(a[i], a[i], 8) ^ __funnelshift_r(b[i], a[i], i);
        out[i] = swapped + rotated + __funnelshift_lc(a[i], b[i], 40) + __usad(a[i], b[i], 0u) + __sad((int)a[i], 3, 1u);
    }
}
