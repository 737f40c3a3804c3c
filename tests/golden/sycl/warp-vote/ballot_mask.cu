#include <cuda_runtime.h>

template <int RADIX>
__global__ void rank_digits(const unsigned int *digits, unsigned int *ranks, unsigned int *counts, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x & 31;
    unsigned int digit = i < n ? digits[i] : RADIX;
    unsigned int lanes_below = (1u << lane) - 1u;
    unsigned int rank = 0;
    for (int d = 0; d < RADIX; ++d) {
        const unsigned int peers = __ballot_sync(0xffffffffu, digit == d);
        if (digit == d) rank = __popc(peers & lanes_below);
        if (lane == 0) atomicAdd(&counts[d], __popc(peers));
    }
    unsigned int alive = __ballot_sync(0xffffffffu, i < n);
    int votes = __popc(__ballot_sync(0xffffffffu, rank > 0));
    if (i < n) ranks[i] = rank + (alive & 1u) + votes;
}

int main() {
    const int n = 1024;
    unsigned int *d_digits, *d_ranks, *d_counts;
    cudaMalloc(&d_digits, n * sizeof(unsigned int));
    cudaMalloc(&d_ranks, n * sizeof(unsigned int));
    cudaMalloc(&d_counts, 16 * sizeof(unsigned int));
    rank_digits<16><<<n / 256, 256>>>(d_digits, d_ranks, d_counts, n);
    cudaDeviceSynchronize();
    return 0;
}
