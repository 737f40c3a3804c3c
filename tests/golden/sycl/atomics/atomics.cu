#include <cuda_runtime.h>
__global__ void hist(const int *keys, unsigned int *bins, float *sum, int *best, unsigned long long *word, int n) {
    __shared__ unsigned int local[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(&bins[keys[i] % 64], 1u);
    atomicAdd(&local[threadIdx.x % 64], 1u);
    atomicAdd(sum, 0.5f);
    atomicMax(best, keys[i]);
    atomicMin_block(best + 1, keys[i]);
    unsigned long long old = atomicCAS(word, 0ull, (unsigned long long)i);
    int prev = atomicExch(&best[2], i);
    atomicOr(&bins[0], (unsigned)prev);
    (void)old;
}
