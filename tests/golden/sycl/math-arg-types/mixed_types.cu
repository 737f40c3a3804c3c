#include <cuda_runtime.h>
#include <algorithm>

constexpr int kItems = 4;

__device__ unsigned int ticket(int v) { return (unsigned int)v * 2u; }

// Merge-path style bounds: CUDA's min/max accept (unsigned, int) and compare as unsigned.
__global__ void bounds(int *out, const int *keys, unsigned int limit, size_t total, int la, int lb) {
    const int diag = min(threadIdx.x * kItems, la + lb);
    int lo = max(0, diag - lb);
    unsigned int cap = min(limit, la);
    size_t end = max(total, (size_t)la);
    unsigned int lane = min(threadIdx.x, 31u);
    unsigned int hi = std::min(threadIdx.x, limit);
    int k = min(keys[threadIdx.x], la);
    unsigned int t = min(threadIdx.x, ticket(la));
    out[threadIdx.x] = diag + lo + (int)cap + (int)end + (int)lane + (int)hi + k + (int)t;
}

// Float functions take any arithmetic argument in CUDA; SYCL's built-ins take one floating type.
__global__ void scale(float *y, const float *x, int n, double bias) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = fmaxf(x[i], 0.0);
        float r = sqrtf(n) + fminf(v, 1e-3);
        double w = fmax(v, bias) + sqrt(i);
        float p = powf(v, 2) + expf(-v);
        y[i] = r * v + (float)w + p;
    }
}
