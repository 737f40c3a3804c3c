// Bloom filter over 64-bit keys: insert with atomicOr into a bit array, query with K probes.
//
// The K bit positions come from double hashing, h1 + i*h2, where h1 and h2 are two seeded 64-bit mixes;
// the seeds sit in __constant__ memory. K is a template parameter. Queries report membership per key and
// a positive count that each warp aggregates with __ballot_sync before a single atomicAdd.
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

__constant__ uint64_t c_seeds[2];

__host__ __device__ inline uint64_t mix64(uint64_t x, uint64_t seed)
{
    x ^= seed;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return x;
}

template <int K>
__device__ __forceinline__ void probe_positions(uint64_t key, uint64_t nbits, uint64_t (&pos)[K])
{
    const uint64_t h1 = mix64(key, c_seeds[0]);
    const uint64_t h2 = mix64(key, c_seeds[1]) | 1ull;
#pragma unroll
    for (int i = 0; i < K; ++i)
        pos[i] = (h1 + (uint64_t)i * h2) % nbits;
}

template <int K>
__global__ void bloom_insert(uint32_t *bits, uint64_t nbits, const uint64_t *__restrict__ keys, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        uint64_t pos[K];
        probe_positions<K>(keys[i], nbits, pos);
#pragma unroll
        for (int j = 0; j < K; ++j)
            atomicOr(&bits[pos[j] >> 5], 1u << (pos[j] & 31));
    }
}

template <int K>
__global__ void bloom_query(const uint32_t *__restrict__ bits, uint64_t nbits, const uint64_t *__restrict__ keys,
                            int n, uint8_t *__restrict__ hit, unsigned int *positives)
{
    // The loop runs a warp-uniform number of times so every lane takes part in the ballot.
    const int stride = gridDim.x * blockDim.x;
    const int rounded = (n + 31) & ~31;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rounded; i += stride) {
        bool present = false;
        if (i < n) {
            uint64_t pos[K];
            probe_positions<K>(keys[i], nbits, pos);
            present = true;
#pragma unroll
            for (int j = 0; j < K; ++j)
                present &= ((bits[pos[j] >> 5] >> (pos[j] & 31)) & 1u) != 0;
            hit[i] = present ? 1 : 0;
        }
        const unsigned votes = __ballot_sync(0xffffffffu, present);
        if ((threadIdx.x & 31) == 0 && votes)
            atomicAdd(positives, (unsigned int)__popc(votes));
    }
}

int main(int argc, char **argv)
{
    constexpr int K = 7;
    const int n_keys = argc > 1 ? atoi(argv[1]) : 1 << 20;
    const uint64_t nbits = (uint64_t)n_keys * 16;           // 16 bits per key
    const size_t nwords = (size_t)((nbits + 31) / 32);
    const uint64_t seeds[2] = {0x8badf00dcafebabeull, 0x0123456789abcdefull};
    CUDA_CHECK(cudaMemcpyToSymbol(c_seeds, seeds, sizeof(seeds)));

    // Inserted keys and a disjoint set of probe keys (odd vs even counters through a bijective mix).
    std::vector<uint64_t> keys(n_keys), probes(2 * n_keys);
    for (int i = 0; i < n_keys; ++i)
        keys[i] = mix64(2ull * i + 1ull, 0x5555ull);
    for (int i = 0; i < n_keys; ++i) {
        probes[i] = keys[(size_t)i * 7919 % n_keys];        // members
        probes[n_keys + i] = mix64(2ull * i, 0x5555ull);     // non-members
    }
    const int n_probes = 2 * n_keys;

    uint32_t *d_bits = nullptr;
    uint64_t *d_keys = nullptr, *d_probes = nullptr;
    uint8_t *d_hit = nullptr;
    unsigned int *d_pos = nullptr;
    CUDA_CHECK(cudaMalloc(&d_bits, nwords * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_keys, n_keys * sizeof(uint64_t)));
    CUDA_CHECK(cudaMalloc(&d_probes, n_probes * sizeof(uint64_t)));
    CUDA_CHECK(cudaMalloc(&d_hit, n_probes));
    CUDA_CHECK(cudaMalloc(&d_pos, sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_bits, 0, nwords * sizeof(uint32_t)));
    CUDA_CHECK(cudaMemset(d_pos, 0, sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_keys, keys.data(), n_keys * sizeof(uint64_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_probes, probes.data(), n_probes * sizeof(uint64_t), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    bloom_insert<K><<<512, 256>>>(d_bits, nbits, d_keys, n_keys);
    CUDA_CHECK(cudaGetLastError());
    bloom_query<K><<<512, 256>>>(d_bits, nbits, d_probes, n_probes, d_hit, d_pos);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<uint32_t> bits(nwords);
    std::vector<uint8_t> hit(n_probes);
    unsigned int positives = 0;
    CUDA_CHECK(cudaMemcpy(bits.data(), d_bits, nwords * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(hit.data(), d_hit, n_probes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&positives, d_pos, sizeof(positives), cudaMemcpyDeviceToHost));

    // CPU reference filter.
    std::vector<uint32_t> ref(nwords, 0);
    auto positions = [&](uint64_t key, uint64_t *pos) {
        const uint64_t h1 = mix64(key, seeds[0]);
        const uint64_t h2 = mix64(key, seeds[1]) | 1ull;
        for (int i = 0; i < K; ++i)
            pos[i] = (h1 + (uint64_t)i * h2) % nbits;
    };
    for (uint64_t key : keys) {
        uint64_t pos[K];
        positions(key, pos);
        for (int j = 0; j < K; ++j)
            ref[pos[j] >> 5] |= 1u << (pos[j] & 31);
    }
    size_t bad_words = 0, bad_hits = 0, false_neg = 0;
    unsigned int ref_pos = 0, false_pos = 0;
    uint64_t bits_set = 0;
    for (size_t w = 0; w < nwords; ++w) {
        bad_words += ref[w] != bits[w];
        bits_set += __builtin_popcount(bits[w]);
    }
    for (int i = 0; i < n_probes; ++i) {
        uint64_t pos[K];
        positions(probes[i], pos);
        bool present = true;
        for (int j = 0; j < K; ++j)
            present = present && ((ref[pos[j] >> 5] >> (pos[j] & 31)) & 1u);
        ref_pos += present;
        bad_hits += (uint8_t)present != hit[i];
        if (i < n_keys)
            false_neg += !hit[i];
        else
            false_pos += hit[i];
    }
    const bool ok = bad_words == 0 && bad_hits == 0 && false_neg == 0 && positives == ref_pos;
    if (!ok)
        fprintf(stderr, "bad words %zu bad hits %zu false negatives %zu positives %u/%u\n", bad_words, bad_hits,
                false_neg, positives, ref_pos);

    printf("RESULT positives %u\n", positives);
    printf("RESULT false_positives %u\n", false_pos);
    printf("RESULT bits_set %llu\n", (unsigned long long)bits_set);
    printf("RESULT words %08x %08x %08x\n", bits[0], bits[nwords / 2], bits[nwords - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_bits));
    CUDA_CHECK(cudaFree(d_keys));
    CUDA_CHECK(cudaFree(d_probes));
    CUDA_CHECK(cudaFree(d_hit));
    CUDA_CHECK(cudaFree(d_pos));
    return ok ? 0 : 1;
}
