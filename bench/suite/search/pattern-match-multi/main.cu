// Naive multi-pattern string matching: count every occurrence of 64 patterns (lengths 4..16) in a 4 MB text.
//
// The patterns sit in __constant__ memory: all threads of a warp compare against the same pattern byte at
// the same time, which the constant cache serves as a broadcast. Each block stages its slice of the text
// plus a halo of (max length - 1) bytes in shared memory, counts matches per pattern in shared counters,
// and merges them with one global atomicAdd per pattern; the first occurrence of each pattern is kept
// with atomicMin.
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
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

constexpr int kPatterns = 64;
constexpr int kMaxLen = 16;
constexpr int kTile = 1024;     // text positions per block iteration
constexpr int kThreads = 256;

__constant__ char c_patterns[kPatterns][kMaxLen];
__constant__ int c_lengths[kPatterns];

__global__ void match_kernel(const char *__restrict__ text, int n, unsigned int *counts, int *first_pos)
{
    __shared__ char s_text[kTile + kMaxLen - 1];
    __shared__ unsigned int s_counts[kPatterns];
    if (threadIdx.x < kPatterns)
        s_counts[threadIdx.x] = 0;

    for (int tile = blockIdx.x * kTile; tile < n; tile += gridDim.x * kTile) {
        __syncthreads();  // s_text reuse
        for (int i = threadIdx.x; i < kTile + kMaxLen - 1; i += blockDim.x) {
            const int g = tile + i;
            s_text[i] = g < n ? text[g] : '\0';
        }
        __syncthreads();
        for (int off = threadIdx.x; off < kTile && tile + off < n; off += blockDim.x) {
            const int remaining = n - (tile + off);
            for (int p = 0; p < kPatterns; ++p) {
                const int len = c_lengths[p];
                if (len > remaining)
                    continue;
                int k = 0;
                while (k < len && s_text[off + k] == c_patterns[p][k])
                    ++k;
                if (k == len) {
                    atomicAdd(&s_counts[p], 1u);
                    atomicMin(&first_pos[p], tile + off);
                }
            }
        }
    }
    __syncthreads();
    if (threadIdx.x < kPatterns && s_counts[threadIdx.x])
        atomicAdd(&counts[threadIdx.x], s_counts[threadIdx.x]);
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
    std::vector<char> text(n);
    uint32_t s = 555u;
    auto rnd = [&]() {
        s = s * 1664525u + 1013904223u;
        return s >> 8;
    };
    for (int i = 0; i < n; ++i)
        text[i] = (char)('a' + (rnd() & 7u));  // alphabet of 8 letters

    // Half the patterns are cut from the text (they occur at least once), half are random.
    char patterns[kPatterns][kMaxLen];
    int lengths[kPatterns];
    memset(patterns, 0, sizeof(patterns));
    for (int p = 0; p < kPatterns; ++p) {
        const int len = 4 + (int)(rnd() % (kMaxLen - 3));  // 4..16
        lengths[p] = len;
        if (p % 2 == 0) {
            const int at = (int)(rnd() % (uint32_t)(n - kMaxLen));
            memcpy(patterns[p], &text[at], len);
        } else {
            for (int k = 0; k < len; ++k)
                patterns[p][k] = (char)('a' + (rnd() & 7u));
        }
    }
    CUDA_CHECK(cudaMemcpyToSymbol(c_patterns, patterns, sizeof(patterns)));
    CUDA_CHECK(cudaMemcpyToSymbol(c_lengths, lengths, sizeof(lengths)));

    char *d_text;
    unsigned int *d_counts;
    int *d_first;
    CUDA_CHECK(cudaMalloc(&d_text, n));
    CUDA_CHECK(cudaMalloc(&d_counts, kPatterns * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&d_first, kPatterns * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_text, text.data(), n, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_counts, 0, kPatterns * sizeof(unsigned int)));
    std::vector<int> init_first(kPatterns, INT_MAX);
    CUDA_CHECK(cudaMemcpy(d_first, init_first.data(), kPatterns * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    match_kernel<<<512, kThreads>>>(d_text, n, d_counts, d_first);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<unsigned int> counts(kPatterns);
    std::vector<int> first(kPatterns);
    CUDA_CHECK(cudaMemcpy(counts.data(), d_counts, kPatterns * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(first.data(), d_first, kPatterns * sizeof(int), cudaMemcpyDeviceToHost));

    // CPU reference.
    bool ok = true;
    uint64_t total = 0;
    for (int p = 0; p < kPatterns; ++p) {
        unsigned int c = 0;
        int f = INT_MAX;
        const int len = lengths[p];
        for (int i = 0; i + len <= n; ++i)
            if (text[i] == patterns[p][0] && memcmp(&text[i], patterns[p], len) == 0) {
                ++c;
                f = std::min(f, i);
            }
        if (c != counts[p] || f != first[p]) {
            fprintf(stderr, "pattern %d (len %d): gpu %u @%d cpu %u @%d\n", p, len, counts[p], first[p], c, f);
            ok = false;
        }
        total += counts[p];
    }

    printf("RESULT total_matches %llu\n", (unsigned long long)total);
    printf("RESULT counts");
    for (int p = 0; p < kPatterns; ++p)
        printf(" %u", counts[p]);
    printf("\n");
    printf("RESULT first_pos");
    for (int p = 0; p < 16; ++p)
        printf(" %d", first[p]);
    printf("\n");
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_text));
    CUDA_CHECK(cudaFree(d_counts));
    CUDA_CHECK(cudaFree(d_first));
    return ok ? 0 : 1;
}
