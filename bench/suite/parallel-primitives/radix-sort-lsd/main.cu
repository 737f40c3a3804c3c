// Least-significant-digit radix sort, 4 bits per pass. Each pass:
//   1. digit_histogram: count the 16 digits of every block's tile (shared-memory atomics)
//   2. exclusive_scan_table: scan the table laid out digit-major (hist[d * blocks + b]), which yields the
//      global output offset of digit d for block b
//   3. scatter: rank each key among equal digits inside its block, keeping input order (stability), and
//      write it to offset + rank. Ranking inside a warp uses one ballot per digit value.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t err_ = (call);                                                         \
        if (err_ != cudaSuccess) {                                                         \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,     \
                    cudaGetErrorString(err_));                                             \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

constexpr int RADIX_BITS = 4;
constexpr int RADIX = 1 << RADIX_BITS;
constexpr int TILE = 256;  // threads per block == keys per block
constexpr int WARPS_PER_TILE = TILE / 32;
constexpr int SCAN_THREADS = 1024;

__global__ void digit_histogram(const uint32_t* __restrict__ keys, int n, int shift, uint32_t* __restrict__ hist) {
    __shared__ uint32_t counts[RADIX];
    if (threadIdx.x < RADIX) counts[threadIdx.x] = 0;
    __syncthreads();
    const int i = blockIdx.x * TILE + threadIdx.x;
    if (i < n) atomicAdd(&counts[(keys[i] >> shift) & (RADIX - 1)], 1u);
    __syncthreads();
    if (threadIdx.x < RADIX) hist[threadIdx.x * gridDim.x + blockIdx.x] = counts[threadIdx.x];
}

__device__ __forceinline__ uint32_t warp_inclusive_scan(uint32_t v) {
    const int lane = threadIdx.x & 31;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        uint32_t up = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += up;
    }
    return v;
}

// Exclusive scan of `count` entries in place by one block of SCAN_THREADS threads.
__global__ void exclusive_scan_table(uint32_t* data, int count) {
    __shared__ uint32_t warp_totals[SCAN_THREADS / 32];
    __shared__ uint32_t carry_s;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    uint32_t carry = 0;
    for (int base = 0; base < count; base += SCAN_THREADS) {
        const int i = base + threadIdx.x;
        const uint32_t x = (i < count) ? data[i] : 0u;
        uint32_t v = warp_inclusive_scan(x);
        if (lane == 31) warp_totals[warp] = v;
        __syncthreads();
        if (warp == 0) warp_totals[lane] = warp_inclusive_scan(warp_totals[lane]);
        __syncthreads();
        if (warp > 0) v += warp_totals[warp - 1];
        if (i < count) data[i] = carry + v - x;
        if (threadIdx.x == SCAN_THREADS - 1) carry_s = carry + v;
        __syncthreads();
        carry = carry_s;
        __syncthreads();
    }
}

__global__ void scatter(const uint32_t* __restrict__ keys_in, const uint32_t* __restrict__ vals_in,
                        uint32_t* __restrict__ keys_out, uint32_t* __restrict__ vals_out, int n, int shift,
                        const uint32_t* __restrict__ offsets) {
    __shared__ uint32_t warp_counts[WARPS_PER_TILE][RADIX];
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int i = blockIdx.x * TILE + threadIdx.x;
    const bool valid = i < n;

    uint32_t key = 0, val = 0;
    int digit = RADIX;  // sentinel never matched by the ballots below
    if (valid) {
        key = keys_in[i];
        val = vals_in[i];
        digit = (key >> shift) & (RADIX - 1);
    }

    const uint32_t lanes_below = (1u << lane) - 1u;
    uint32_t rank_in_warp = 0;
#pragma unroll
    for (int d = 0; d < RADIX; ++d) {
        const uint32_t peers = __ballot_sync(0xffffffffu, digit == d);
        if (digit == d) rank_in_warp = __popc(peers & lanes_below);
        if (lane == 0) warp_counts[warp][d] = __popc(peers);
    }
    __syncthreads();

    if (valid) {
        uint32_t rank = rank_in_warp;
        for (int w = 0; w < warp; ++w) rank += warp_counts[w][digit];
        const uint32_t dst = offsets[digit * gridDim.x + blockIdx.x] + rank;
        keys_out[dst] = key;
        vals_out[dst] = val;
    }
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : (1 << 20);
    const int blocks = (n + TILE - 1) / TILE;
    const int table = RADIX * blocks;

    std::vector<uint32_t> h_keys(n), h_vals(n);
    uint32_t seed = 31337u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        // a narrow top byte range makes many equal high digits, which exercises stability
        h_keys[i] = (seed & 0x00ffffffu) | ((seed % 7u) << 24);
        h_vals[i] = (uint32_t)i;
    }

    uint32_t *d_keys[2], *d_vals[2], *d_hist;
    for (int b = 0; b < 2; ++b) {
        CUDA_CHECK(cudaMalloc(&d_keys[b], (size_t)n * sizeof(uint32_t)));
        CUDA_CHECK(cudaMalloc(&d_vals[b], (size_t)n * sizeof(uint32_t)));
    }
    CUDA_CHECK(cudaMalloc(&d_hist, (size_t)table * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemcpy(d_keys[0], h_keys.data(), (size_t)n * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vals[0], h_vals.data(), (size_t)n * sizeof(uint32_t), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    int cur = 0;
    for (int shift = 0; shift < 32; shift += RADIX_BITS) {
        digit_histogram<<<blocks, TILE>>>(d_keys[cur], n, shift, d_hist);
        CUDA_CHECK(cudaGetLastError());
        exclusive_scan_table<<<1, SCAN_THREADS>>>(d_hist, table);
        CUDA_CHECK(cudaGetLastError());
        scatter<<<blocks, TILE>>>(d_keys[cur], d_vals[cur], d_keys[cur ^ 1], d_vals[cur ^ 1], n, shift, d_hist);
        CUDA_CHECK(cudaGetLastError());
        cur ^= 1;
    }
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<uint32_t> out_keys(n), out_vals(n);
    CUDA_CHECK(cudaMemcpy(out_keys.data(), d_keys[cur], (size_t)n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(out_vals.data(), d_vals[cur], (size_t)n * sizeof(uint32_t), cudaMemcpyDeviceToHost));

    // CPU reference: stable sort of indices by key
    std::vector<uint32_t> order(n);
    for (int i = 0; i < n; ++i) order[i] = (uint32_t)i;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return h_keys[a] < h_keys[b]; });

    bool ok = true;
    uint64_t checksum = 0;
    for (int i = 0; i < n; ++i) {
        if (out_keys[i] != h_keys[order[i]] || out_vals[i] != order[i]) {
            if (ok) fprintf(stderr, "mismatch at %d: gpu (%u,%u) cpu (%u,%u)\n", i, out_keys[i], out_vals[i],
                            h_keys[order[i]], order[i]);
            ok = false;
        }
        checksum = checksum * 1000003u + out_keys[i] + 17u * out_vals[i];
    }

    printf("RESULT checksum %llu\n", (unsigned long long)checksum);
    printf("RESULT keys %u %u %u %u\n", out_keys[0], out_keys[1], out_keys[n / 2], out_keys[n - 1]);
    printf("RESULT vals %u %u %u %u\n", out_vals[0], out_vals[1], out_vals[n / 2], out_vals[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    for (int b = 0; b < 2; ++b) {
        CUDA_CHECK(cudaFree(d_keys[b]));
        CUDA_CHECK(cudaFree(d_vals[b]));
    }
    CUDA_CHECK(cudaFree(d_hist));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
