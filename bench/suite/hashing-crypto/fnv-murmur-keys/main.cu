// FNV-1a (32 and 64 bit) and MurmurHash3_x86_32 of 1M variable-length keys.
//
// Keys are packed back to back in one byte buffer with an offset array (the usual layout for strings on
// the GPU). One kernel template, instantiated per hash functor, hashes one key per thread. Murmur reads
// its 4-byte blocks byte by byte because keys start at arbitrary offsets and the GPU faults on unaligned
// 32-bit loads. Known answers for short strings are checked on the GPU as well.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <string>
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

struct Fnv1a32 {
    using result_type = uint32_t;
    __host__ __device__ uint32_t operator()(const uint8_t *p, int len) const
    {
        uint32_t h = 0x811c9dc5u;
        for (int i = 0; i < len; ++i) {
            h ^= p[i];
            h *= 0x01000193u;
        }
        return h;
    }
};

struct Fnv1a64 {
    using result_type = uint64_t;
    __host__ __device__ uint64_t operator()(const uint8_t *p, int len) const
    {
        uint64_t h = 0xcbf29ce484222325ull;
        for (int i = 0; i < len; ++i) {
            h ^= p[i];
            h *= 0x100000001b3ull;
        }
        return h;
    }
};

__host__ __device__ inline uint32_t rotl32(uint32_t x, int r)
{
    return (x << r) | (x >> (32 - r));
}

struct Murmur3_32 {
    using result_type = uint32_t;
    uint32_t seed;
    __host__ __device__ uint32_t operator()(const uint8_t *p, int len) const
    {
        const uint32_t c1 = 0xcc9e2d51u, c2 = 0x1b873593u;
        uint32_t h = seed;
        const int nblocks = len / 4;
        for (int b = 0; b < nblocks; ++b) {
            const uint8_t *q = p + 4 * b;
            uint32_t k = (uint32_t)q[0] | ((uint32_t)q[1] << 8) | ((uint32_t)q[2] << 16) | ((uint32_t)q[3] << 24);
            k *= c1;
            k = rotl32(k, 15);
            k *= c2;
            h ^= k;
            h = rotl32(h, 13);
            h = h * 5u + 0xe6546b64u;
        }
        const uint8_t *tail = p + 4 * nblocks;
        uint32_t k = 0;
        switch (len & 3) {
        case 3: k ^= (uint32_t)tail[2] << 16; [[fallthrough]];
        case 2: k ^= (uint32_t)tail[1] << 8; [[fallthrough]];
        case 1:
            k ^= tail[0];
            k *= c1;
            k = rotl32(k, 15);
            k *= c2;
            h ^= k;
        }
        h ^= (uint32_t)len;
        h ^= h >> 16;
        h *= 0x85ebca6bu;
        h ^= h >> 13;
        h *= 0xc2b2ae35u;
        h ^= h >> 16;
        return h;
    }
};

template <typename Hasher>
__global__ void hash_keys(const uint8_t *__restrict__ bytes, const int *__restrict__ offsets, int n_keys, Hasher hasher,
                          typename Hasher::result_type *__restrict__ out)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n_keys; i += gridDim.x * blockDim.x) {
        const int begin = offsets[i];
        out[i] = hasher(bytes + begin, offsets[i + 1] - begin);
    }
}

template <typename Hasher>
std::vector<typename Hasher::result_type> run(const uint8_t *d_bytes, const int *d_offsets, int n_keys, Hasher h,
                                              float &ms_total)
{
    using R = typename Hasher::result_type;
    R *d_out;
    CUDA_CHECK(cudaMalloc(&d_out, n_keys * sizeof(R)));
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    hash_keys<Hasher><<<(n_keys + 255) / 256, 256>>>(d_bytes, d_offsets, n_keys, h, d_out);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    ms_total += ms;
    std::vector<R> out(n_keys);
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, n_keys * sizeof(R), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaEventDestroy(t0));
    CUDA_CHECK(cudaEventDestroy(t1));
    return out;
}

int main(int argc, char **argv)
{
    const int n_random = argc > 1 ? atoi(argv[1]) : 1 << 20;
    // The first keys are fixed strings with published hash values; the rest are random, 0..64 bytes.
    const char *fixed[] = {"", "a", "hello", "The quick brown fox jumps over the lazy dog"};
    const int n_fixed = 4;
    const int n_keys = n_fixed + n_random;
    std::vector<uint8_t> bytes;
    std::vector<int> offsets(n_keys + 1, 0);
    for (int i = 0; i < n_fixed; ++i) {
        bytes.insert(bytes.end(), fixed[i], fixed[i] + strlen(fixed[i]));
        offsets[i + 1] = (int)bytes.size();
    }
    uint32_t s = 2166136261u;
    for (int i = n_fixed; i < n_keys; ++i) {
        s = s * 1664525u + 1013904223u;
        const int len = (int)((s >> 16) % 65u);
        for (int k = 0; k < len; ++k) {
            s = s * 1664525u + 1013904223u;
            bytes.push_back((uint8_t)(s >> 24));
        }
        offsets[i + 1] = (int)bytes.size();
    }

    uint8_t *d_bytes;
    int *d_offsets;
    CUDA_CHECK(cudaMalloc(&d_bytes, bytes.size()));
    CUDA_CHECK(cudaMalloc(&d_offsets, offsets.size() * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_bytes, bytes.data(), bytes.size(), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_offsets, offsets.data(), offsets.size() * sizeof(int), cudaMemcpyHostToDevice));

    float ms = 0.f;
    const auto h32 = run(d_bytes, d_offsets, n_keys, Fnv1a32{}, ms);
    const auto h64 = run(d_bytes, d_offsets, n_keys, Fnv1a64{}, ms);
    const auto hm = run(d_bytes, d_offsets, n_keys, Murmur3_32{0u}, ms);
    const auto hm7 = run(d_bytes, d_offsets, n_keys, Murmur3_32{0x9747b28cu}, ms);

    bool ok = true;
    // Published values: FNV-1a of "" and "a"; MurmurHash3_x86_32 with seed 0 of "", "hello" and the fox.
    ok &= h32[0] == 0x811c9dc5u && h32[1] == 0xe40c292cu;
    ok &= h64[0] == 0xcbf29ce484222325ull && h64[1] == 0xaf63dc4c8601ec8cull;
    ok &= hm[0] == 0u && hm[2] == 0x248bfa47u && hm[3] == 0x2e4ff723u;
    if (!ok)
        fprintf(stderr, "known answers: fnv32 %08x %08x fnv64 %016llx murmur %08x %08x %08x\n", h32[0], h32[1],
                (unsigned long long)h64[1], hm[0], hm[2], hm[3]);

    size_t bad = 0;
    uint32_t x32 = 0, xm = 0, xm7 = 0;
    uint64_t x64 = 0;
    for (int i = 0; i < n_keys; ++i) {
        const uint8_t *p = bytes.data() + offsets[i];
        const int len = offsets[i + 1] - offsets[i];
        if (h32[i] != Fnv1a32{}(p, len) || h64[i] != Fnv1a64{}(p, len) || hm[i] != Murmur3_32{0u}(p, len) ||
            hm7[i] != Murmur3_32{0x9747b28cu}(p, len)) {
            if (bad++ < 5)
                fprintf(stderr, "key %d (len %d) differs\n", i, len);
        }
        x32 ^= h32[i];
        x64 ^= h64[i];
        xm += hm[i];
        xm7 ^= hm7[i] + (uint32_t)i;
    }
    ok = ok && bad == 0;

    printf("RESULT fnv1a32_xor %08x\n", x32);
    printf("RESULT fnv1a64_xor %016llx\n", (unsigned long long)x64);
    printf("RESULT murmur3_sum %08x\n", xm);
    printf("RESULT murmur3_seeded_mix %08x\n", xm7);
    printf("RESULT samples %08x %016llx %08x %08x\n", h32[n_keys / 2], (unsigned long long)h64[n_keys - 1],
           hm[n_keys / 3], hm7[n_keys - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_bytes));
    CUDA_CHECK(cudaFree(d_offsets));
    return ok ? 0 : 1;
}
