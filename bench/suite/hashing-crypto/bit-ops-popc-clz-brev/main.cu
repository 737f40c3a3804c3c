// Bit-manipulation intrinsics over 16M words: __popc, __clz, __ffs, __brev, parity, and 64-bit __popcll.
//
// Per word the kernel stores the bit-reversed word and a packed record (popcount, leading zeros, first
// set bit, parity). Per warp it also aggregates: the number of odd-parity words via __ballot_sync and
// __popc, the popcount total via __reduce_add_sync (sm_80+), and whether all 32 words were non-zero via
// __all_sync. Block totals go to global counters with atomicAdd.
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

struct Totals {
    unsigned long long popcount;
    unsigned long long popcount64;
    unsigned int odd_parity;
    unsigned int full_warps;   // warps whose 32 words were all non-zero
};

__global__ void bit_stats(const uint32_t *__restrict__ words, int n, uint32_t *__restrict__ reversed,
                          uint32_t *__restrict__ packed, Totals *totals)
{
    const unsigned lane = threadIdx.x & 31u;
    const int stride = gridDim.x * blockDim.x;
    const int rounded = (n + 31) & ~31;
    unsigned long long pop_acc = 0, pop64_acc = 0;
    unsigned int odd_acc = 0, full_acc = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rounded; i += stride) {
        const bool valid = i < n;
        const uint32_t w = valid ? words[i] : 0u;
        const int pc = __popc(w);
        const int lz = __clz(w);          // 32 for w == 0
        const int fs = __ffs(w);          // 0 for w == 0, else 1-based
        const int parity = pc & 1;
        if (valid) {
            reversed[i] = __brev(w);
            packed[i] = (uint32_t)pc | ((uint32_t)lz << 8) | ((uint32_t)fs << 16) | ((uint32_t)parity << 24);
            // Pair each word with its successor as one 64-bit value.
            const uint64_t pair = ((uint64_t)w << 32) | (i + 1 < n ? words[i + 1] : 0u);
            pop64_acc += __popcll(pair);
        }
        const unsigned odd = __ballot_sync(0xffffffffu, valid && parity);
        const unsigned warp_pop = __reduce_add_sync(0xffffffffu, (unsigned)pc);
        const bool all_nonzero = __all_sync(0xffffffffu, !valid || w != 0u);
        if (lane == 0) {
            odd_acc += __popc(odd);
            pop_acc += warp_pop;
            full_acc += all_nonzero ? 1u : 0u;
        }
    }
    if (lane == 0) {
        atomicAdd(&totals->popcount, pop_acc);
        atomicAdd(&totals->odd_parity, odd_acc);
        atomicAdd(&totals->full_warps, full_acc);
    }
    atomicAdd(&totals->popcount64, pop64_acc);
}

static uint32_t reverse_bits(uint32_t v)
{
    uint32_t r = 0;
    for (int b = 0; b < 32; ++b)
        r |= ((v >> b) & 1u) << (31 - b);
    return r;
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
    std::vector<uint32_t> words(n);
    uint32_t s = 123456789u;
    for (int i = 0; i < n; ++i) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        // Mix of dense words, sparse words (few bits) and zeros.
        const uint32_t kind = s & 15u;
        words[i] = kind == 0 ? 0u : kind < 4 ? (s & (s >> 7) & (s >> 13)) : s;
    }

    uint32_t *d_words, *d_rev, *d_packed;
    Totals *d_tot;
    CUDA_CHECK(cudaMalloc(&d_words, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_rev, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_packed, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_tot, sizeof(Totals)));
    CUDA_CHECK(cudaMemcpy(d_words, words.data(), n * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_tot, 0, sizeof(Totals)));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    bit_stats<<<1024, 256>>>(d_words, n, d_rev, d_packed, d_tot);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<uint32_t> rev(n), packed(n);
    Totals tot;
    CUDA_CHECK(cudaMemcpy(rev.data(), d_rev, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(packed.data(), d_packed, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&tot, d_tot, sizeof(Totals), cudaMemcpyDeviceToHost));

    size_t bad = 0;
    Totals ref{0, 0, 0, 0};
    uint64_t rev_mix = 0;
    for (int i = 0; i < n; ++i) {
        const uint32_t w = words[i];
        const int pc = __builtin_popcount(w);
        const int lz = w ? __builtin_clz(w) : 32;
        const int fs = w ? __builtin_ctz(w) + 1 : 0;
        const uint32_t p = (uint32_t)pc | ((uint32_t)lz << 8) | ((uint32_t)fs << 16) | ((uint32_t)(pc & 1) << 24);
        if ((packed[i] != p || rev[i] != reverse_bits(w)) && bad++ < 5)
            fprintf(stderr, "word %d = %08x: gpu %08x/%08x cpu %08x/%08x\n", i, w, packed[i], rev[i], p, reverse_bits(w));
        ref.popcount += pc;
        ref.odd_parity += pc & 1;
        const uint64_t pair = ((uint64_t)w << 32) | (i + 1 < n ? words[i + 1] : 0u);
        ref.popcount64 += __builtin_popcountll(pair);
        rev_mix = rev_mix * 31 + rev[i];
    }
    for (int base = 0; base < n; base += 32) {
        bool all = true;
        for (int i = base; i < base + 32 && i < n; ++i)
            all = all && words[i] != 0u;
        ref.full_warps += all;
    }
    const bool ok = bad == 0 && tot.popcount == ref.popcount && tot.popcount64 == ref.popcount64 &&
                    tot.odd_parity == ref.odd_parity && tot.full_warps == ref.full_warps;
    if (!ok)
        fprintf(stderr, "totals gpu %llu %llu %u %u cpu %llu %llu %u %u\n", tot.popcount, tot.popcount64, tot.odd_parity,
                tot.full_warps, ref.popcount, ref.popcount64, ref.odd_parity, ref.full_warps);

    printf("RESULT popcount %llu\n", tot.popcount);
    printf("RESULT popcount64 %llu\n", tot.popcount64);
    printf("RESULT odd_parity %u\n", tot.odd_parity);
    printf("RESULT full_warps %u\n", tot.full_warps);
    printf("RESULT reversed_mix %llu\n", (unsigned long long)rev_mix);
    printf("RESULT packed %08x %08x %08x %08x\n", packed[0], packed[1], packed[n / 2], packed[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_words));
    CUDA_CHECK(cudaFree(d_rev));
    CUDA_CHECK(cudaFree(d_packed));
    CUDA_CHECK(cudaFree(d_tot));
    return ok ? 0 : 1;
}
