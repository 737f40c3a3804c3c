// Bitonic sort of 4M 32-bit keys (power-of-two length).
//
// Steps whose compare distance j fits in a tile run in shared memory: one kernel sorts every TILE-sized
// tile (all stages k <= TILE), and for larger stages a second kernel finishes the j < TILE steps of stage k
// inside each tile. Steps with j >= TILE go through global memory, one launch per step. The compare
// direction comes from the global index, so tiles alternate ascending/descending as the network needs.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

__device__ __forceinline__ void compare_swap(uint32_t &a, uint32_t &b, bool ascending)
{
    if ((a > b) == ascending) {
        const uint32_t t = a;
        a = b;
        b = t;
    }
}

// Pair number t at distance j: lower index i and partner i + j.
__device__ __forceinline__ unsigned pair_low(unsigned t, unsigned j)
{
    return 2 * j * (t / j) + (t % j);
}

template <int TILE>
__global__ void __launch_bounds__(TILE / 2) sort_tiles(uint32_t *keys)
{
    __shared__ uint32_t s[TILE];
    const unsigned base = blockIdx.x * TILE;
    s[threadIdx.x] = keys[base + threadIdx.x];
    s[threadIdx.x + TILE / 2] = keys[base + threadIdx.x + TILE / 2];
    __syncthreads();
    for (unsigned k = 2; k <= TILE; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            const unsigned i = pair_low(threadIdx.x, j);
            compare_swap(s[i], s[i + j], ((base + i) & k) == 0);
            __syncthreads();
        }
    }
    keys[base + threadIdx.x] = s[threadIdx.x];
    keys[base + threadIdx.x + TILE / 2] = s[threadIdx.x + TILE / 2];
}

template <int TILE>
__global__ void __launch_bounds__(TILE / 2) merge_tiles(uint32_t *keys, unsigned k)
{
    __shared__ uint32_t s[TILE];
    const unsigned base = blockIdx.x * TILE;
    s[threadIdx.x] = keys[base + threadIdx.x];
    s[threadIdx.x + TILE / 2] = keys[base + threadIdx.x + TILE / 2];
    __syncthreads();
    for (unsigned j = TILE / 2; j > 0; j >>= 1) {
        const unsigned i = pair_low(threadIdx.x, j);
        compare_swap(s[i], s[i + j], ((base + i) & k) == 0);
        __syncthreads();
    }
    keys[base + threadIdx.x] = s[threadIdx.x];
    keys[base + threadIdx.x + TILE / 2] = s[threadIdx.x + TILE / 2];
}

__global__ void global_step(uint32_t *keys, unsigned n, unsigned k, unsigned j)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n / 2)
        return;
    const unsigned i = pair_low(t, j);
    uint32_t a = keys[i], b = keys[i + j];
    const bool ascending = (i & k) == 0;
    if ((a > b) == ascending) {
        keys[i] = b;
        keys[i + j] = a;
    }
}

int main(int argc, char **argv)
{
    constexpr int kTile = 2048;
    const int log_n = argc > 1 ? atoi(argv[1]) : 22;
    const unsigned n = 1u << log_n;
    if (n < (unsigned)kTile) {
        fprintf(stderr, "need at least %d keys\n", kTile);
        return 1;
    }

    std::vector<uint32_t> keys(n);
    uint32_t s = 0xACE1u;
    for (unsigned i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        keys[i] = (i % 5 == 0) ? (s >> 20) : s;  // every fifth key from a small range: many duplicates
    }

    uint32_t *d_keys;
    CUDA_CHECK(cudaMalloc(&d_keys, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemcpy(d_keys, keys.data(), n * sizeof(uint32_t), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    const unsigned tiles = n / kTile;
    sort_tiles<kTile><<<tiles, kTile / 2>>>(d_keys);
    CUDA_CHECK(cudaGetLastError());
    int launches = 1;
    for (unsigned k = 2 * kTile; k <= n; k <<= 1) {
        for (unsigned j = k >> 1; j >= (unsigned)kTile; j >>= 1) {
            global_step<<<(n / 2 + 255) / 256, 256>>>(d_keys, n, k, j);
            CUDA_CHECK(cudaGetLastError());
            ++launches;
        }
        merge_tiles<kTile><<<tiles, kTile / 2>>>(d_keys, k);
        CUDA_CHECK(cudaGetLastError());
        ++launches;
    }
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<uint32_t> sorted(n);
    CUDA_CHECK(cudaMemcpy(sorted.data(), d_keys, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    std::vector<uint32_t> ref(keys);
    std::sort(ref.begin(), ref.end());
    size_t bad = 0;
    uint64_t weighted = 0;
    for (unsigned i = 0; i < n; ++i) {
        if (sorted[i] != ref[i] && bad++ < 5)
            fprintf(stderr, "position %u: gpu %u cpu %u\n", i, sorted[i], ref[i]);
        weighted += (uint64_t)sorted[i] * (i % 1024 + 1);
    }
    const bool ok = bad == 0;
    fprintf(stderr, "%d launches\n", launches);

    printf("RESULT weighted_sum %llu\n", (unsigned long long)weighted);
    printf("RESULT keys %u %u %u %u %u\n", sorted[0], sorted[n / 4], sorted[n / 2], sorted[3 * (n / 4)], sorted[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_keys));
    return ok ? 0 : 1;
}
