// Stream compaction (filter) that keeps input order: count survivors per block, exclusive-scan the counts,
// then every block writes its survivors starting at its offset. Each block owns a tile of ITEMS * THREADS
// consecutive elements; item k of thread t is element tile_base + k * THREADS + t, so ordering by
// (k, warp, lane) is input order.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
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

#define FULL_MASK 0xffffffffu
constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;
constexpr int ITEMS = 4;
constexpr int TILE = THREADS * ITEMS;

__device__ __forceinline__ bool keep(uint32_t v, uint32_t threshold) { return (v & 0xffu) < threshold; }

__global__ void count_survivors(const uint32_t* __restrict__ in, int n, uint32_t threshold,
                                uint32_t* __restrict__ block_counts) {
    __shared__ uint32_t total;
    if (threadIdx.x == 0) total = 0;
    __syncthreads();
    const int base = blockIdx.x * TILE;
    uint32_t mine = 0;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = base + k * THREADS + threadIdx.x;
        const bool pred = (i < n) && keep(in[i], threshold);
        const uint32_t ballot = __ballot_sync(FULL_MASK, pred);
        mine += __popc(ballot);
    }
    if ((threadIdx.x & 31) == 0) atomicAdd(&total, mine);
    __syncthreads();
    if (threadIdx.x == 0) block_counts[blockIdx.x] = total;
}

__device__ __forceinline__ uint32_t warp_exclusive_scan(uint32_t x) {
    const int lane = threadIdx.x & 31;
    uint32_t v = x;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const uint32_t up = __shfl_up_sync(FULL_MASK, v, d);
        if (lane >= d) v += up;
    }
    return v - x;
}

// In-place exclusive scan of `count` values by one block of 1024 threads; writes the grand total.
__global__ void scan_counts(uint32_t* counts, int count, uint32_t* grand_total) {
    __shared__ uint32_t warp_sums[32];
    __shared__ uint32_t carry_s;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    uint32_t carry = 0;
    for (int base = 0; base < count; base += blockDim.x) {
        const int i = base + threadIdx.x;
        const uint32_t x = (i < count) ? counts[i] : 0u;
        const uint32_t excl = warp_exclusive_scan(x);
        if (lane == 31) warp_sums[warp] = excl + x;
        __syncthreads();
        if (warp == 0) {
            const uint32_t s = warp_sums[lane];
            warp_sums[lane] = warp_exclusive_scan(s);
            if (lane == 31) carry_s = carry + warp_sums[lane] + s;
        }
        __syncthreads();
        if (i < count) counts[i] = carry + warp_sums[warp] + excl;
        carry = carry_s;
        __syncthreads();
    }
    if (threadIdx.x == 0) *grand_total = carry;
}

__global__ void compact(const uint32_t* __restrict__ in, int n, uint32_t threshold,
                        const uint32_t* __restrict__ block_offsets, uint32_t* __restrict__ out_vals,
                        uint32_t* __restrict__ out_idx) {
    __shared__ uint32_t group_offsets[ITEMS * WARPS];  // one per (item, warp), in input order
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int base = blockIdx.x * TILE;

    uint32_t vals[ITEMS], ballots[ITEMS];
    bool preds[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int i = base + k * THREADS + threadIdx.x;
        vals[k] = (i < n) ? in[i] : 0u;
        preds[k] = (i < n) && keep(vals[k], threshold);
        ballots[k] = __ballot_sync(FULL_MASK, preds[k]);
        if (lane == 0) group_offsets[k * WARPS + warp] = __popc(ballots[k]);
    }
    __syncthreads();
    static_assert(ITEMS * WARPS == 32, "one warp scans the group counts");
    if (warp == 0) group_offsets[lane] = warp_exclusive_scan(group_offsets[lane]);
    __syncthreads();

    const uint32_t lanes_below = (1u << lane) - 1u;
    const uint32_t block_base = block_offsets[blockIdx.x];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        if (preds[k]) {
            const uint32_t dst = block_base + group_offsets[k * WARPS + warp] + __popc(ballots[k] & lanes_below);
            out_vals[dst] = vals[k];
            out_idx[dst] = (uint32_t)(base + k * THREADS + threadIdx.x);
        }
    }
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : (1 << 23);
    const uint32_t threshold = (argc > 2) ? (uint32_t)atoi(argv[2]) : 77u;
    const int blocks = (n + TILE - 1) / TILE;

    std::vector<uint32_t> h_in(n);
    uint32_t seed = 4242u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        h_in[i] = seed ^ (seed >> 15);
    }

    uint32_t *d_in, *d_counts, *d_total, *d_vals, *d_idx;
    CUDA_CHECK(cudaMalloc(&d_in, (size_t)n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_counts, (size_t)blocks * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_total, sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_vals, (size_t)n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_idx, (size_t)n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), (size_t)n * sizeof(uint32_t), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    count_survivors<<<blocks, THREADS>>>(d_in, n, threshold, d_counts);
    CUDA_CHECK(cudaGetLastError());
    scan_counts<<<1, 1024>>>(d_counts, blocks, d_total);
    CUDA_CHECK(cudaGetLastError());
    compact<<<blocks, THREADS>>>(d_in, n, threshold, d_counts, d_vals, d_idx);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    uint32_t total = 0;
    CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof(uint32_t), cudaMemcpyDeviceToHost));
    std::vector<uint32_t> out_vals(total), out_idx(total);
    if (total > 0) {
        CUDA_CHECK(cudaMemcpy(out_vals.data(), d_vals, total * sizeof(uint32_t), cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(out_idx.data(), d_idx, total * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    }

    std::vector<uint32_t> ref_vals, ref_idx;
    for (int i = 0; i < n; ++i)
        if ((h_in[i] & 0xffu) < threshold) {
            ref_vals.push_back(h_in[i]);
            ref_idx.push_back((uint32_t)i);
        }

    bool ok = (ref_vals.size() == total);
    if (!ok) fprintf(stderr, "count mismatch: gpu %u cpu %zu\n", total, ref_vals.size());
    uint64_t checksum = 0;
    for (uint32_t j = 0; ok && j < total; ++j) {
        if (out_vals[j] != ref_vals[j] || out_idx[j] != ref_idx[j]) {
            fprintf(stderr, "mismatch at %u: gpu (%u @%u) cpu (%u @%u)\n", j, out_vals[j], out_idx[j], ref_vals[j],
                    ref_idx[j]);
            ok = false;
        }
        checksum = checksum * 1099511628211ull + out_vals[j] + out_idx[j];
    }

    printf("RESULT count %u\n", total);
    printf("RESULT checksum %llu\n", (unsigned long long)checksum);
    if (total >= 3)
        printf("RESULT first_last %u %u %u %u\n", out_idx[0], out_vals[0], out_idx[total - 1], out_vals[total - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_counts));
    CUDA_CHECK(cudaFree(d_total));
    CUDA_CHECK(cudaFree(d_vals));
    CUDA_CHECK(cudaFree(d_idx));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
