// Two-level reservoir sampling. Level 1: thread t keeps a uniform sample of K items from its
// chunk of the stream (Algorithm R). Level 2: because every chunk has the same length, each
// pooled candidate stands for the same number of stream items, so drawing S of the block's
// THREADS*K candidates without replacement gives a uniform sample of the block's segment.
// Samples are stream indices; the item value is a hash of the index.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <utility>
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

constexpr int kThreads = 128;
constexpr int kBlocks = 256;
constexpr int kReservoir = 8;     // K per thread
constexpr int kBlockSample = 16;  // S per block

__host__ __device__ __forceinline__ uint32_t xorshift32(uint32_t& s) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

__host__ __device__ __forceinline__ uint32_t mix(uint32_t x) {
    x ^= x >> 16;
    x *= 0x45d9f3bu;
    x ^= x >> 16;
    x *= 0x45d9f3bu;
    x ^= x >> 16;
    return x;
}

__host__ __device__ __forceinline__ uint32_t item_value(uint32_t index) { return mix(index) % 1000000u; }

template <int K>
__device__ void reservoir_chunk(uint32_t begin, uint32_t len, uint32_t& rng, uint32_t* res) {
    for (uint32_t j = 0; j < len; ++j) {
        uint32_t item = begin + j;
        if (j < K) {
            res[j] = item;
        } else {
            uint32_t r = xorshift32(rng) % (j + 1);
            if (r < K) res[r] = item;
        }
    }
}

template <int THREADS, int K, int S>
__global__ void sample_stream(uint32_t chunk, uint32_t seed, uint32_t* __restrict__ samples) {
    __shared__ uint32_t pool[THREADS * K];
    const uint32_t t = blockIdx.x * THREADS + threadIdx.x;
    uint32_t rng = mix(seed ^ (t * 0x9E3779B9u)) | 1u;
    uint32_t res[K];
    reservoir_chunk<K>(t * chunk, chunk, rng, res);
#pragma unroll
    for (int j = 0; j < K; ++j) pool[threadIdx.x * K + j] = res[j];
    __syncthreads();
    if (threadIdx.x == 0) {
        uint32_t brng = mix(seed + 0x1234567u * (blockIdx.x + 1)) | 1u;
        for (int j = 0; j < S; ++j) {
            uint32_t r = j + xorshift32(brng) % (uint32_t)(THREADS * K - j);
            uint32_t tmp = pool[j];
            pool[j] = pool[r];
            pool[r] = tmp;
        }
    }
    __syncthreads();
    if (threadIdx.x < S) samples[blockIdx.x * S + threadIdx.x] = pool[threadIdx.x];
}

int main(int argc, char** argv) {
    uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], nullptr, 10) : (1u << 22);
    const uint32_t total_threads = kThreads * kBlocks;
    const uint32_t chunk = n / total_threads;  // items beyond chunk * total_threads are not read
    const uint32_t seed = 0xBADC0DEu;
    if (chunk < (uint32_t)kReservoir) {
        fprintf(stderr, "stream too short\n");
        return 1;
    }
    const int num_samples = kBlocks * kBlockSample;

    uint32_t* d_samples;
    CUDA_CHECK(cudaMalloc(&d_samples, num_samples * sizeof(uint32_t)));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    sample_stream<kThreads, kReservoir, kBlockSample><<<kBlocks, kThreads>>>(chunk, seed, d_samples);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    std::vector<uint32_t> samples(num_samples);
    CUDA_CHECK(cudaMemcpy(samples.data(), d_samples, num_samples * sizeof(uint32_t), cudaMemcpyDeviceToHost));

    // CPU replay of both levels.
    long bad = 0;
    std::vector<uint32_t> pool(kThreads * kReservoir);
    for (int b = 0; b < kBlocks; ++b) {
        for (int tl = 0; tl < kThreads; ++tl) {
            uint32_t t = b * kThreads + tl;
            uint32_t rng = mix(seed ^ (t * 0x9E3779B9u)) | 1u;
            uint32_t* res = &pool[tl * kReservoir];
            for (uint32_t j = 0; j < chunk; ++j) {
                uint32_t item = t * chunk + j;
                if (j < (uint32_t)kReservoir) res[j] = item;
                else {
                    uint32_t r = xorshift32(rng) % (j + 1);
                    if (r < (uint32_t)kReservoir) res[r] = item;
                }
            }
        }
        uint32_t brng = mix(seed + 0x1234567u * (b + 1)) | 1u;
        for (int j = 0; j < kBlockSample; ++j) {
            uint32_t r = j + xorshift32(brng) % (uint32_t)(kThreads * kReservoir - j);
            std::swap(pool[j], pool[r]);
        }
        for (int j = 0; j < kBlockSample; ++j) {
            uint32_t g = samples[b * kBlockSample + j];
            if (g != pool[j]) ++bad;
            // A block's samples must come from the block's own segment of the stream.
            uint32_t lo = (uint32_t)b * kThreads * chunk, hi = lo + kThreads * chunk;
            if (g < lo || g >= hi) ++bad;
        }
    }

    // Statistical sanity: the sample mean of the item values matches the stream mean.
    double stream_mean = 0.0;
    const uint32_t used = chunk * total_threads;
    for (uint32_t i = 0; i < used; ++i) stream_mean += item_value(i);
    stream_mean /= used;
    double sample_mean = 0.0;
    unsigned long long index_sum = 0;
    for (uint32_t g : samples) {
        sample_mean += item_value(g);
        index_sum += g;
    }
    sample_mean /= num_samples;
    const double sd = 1000000.0 / sqrt(12.0);
    bool ok = bad == 0 && fabs(sample_mean - stream_mean) < 5.0 * sd / sqrt((double)num_samples);

    printf("RESULT items_used %u\n", used);
    printf("RESULT index_sum %llu\n", index_sum);
    printf("RESULT sample_mean %.9g\n", sample_mean);
    printf("RESULT first_samples %u %u %u %u\n", samples[0], samples[1], samples[2], samples[3]);
    printf("RESULT last_sample %u\n", samples[num_samples - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "stream mean %.1f, sample mean %.1f, mismatches %ld\n", stream_mean, sample_mean, bad);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_samples));
    puts(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
