// Monte Carlo estimate of pi.
//
// Every thread owns a 32-bit linear congruential generator seeded from its global index and draws
// integer points in a 65536 x 65536 quarter square. Using integer coordinates keeps the hit count exact,
// so the GPU result can be compared bit-for-bit with the CPU reference.
// Per-block counts are reduced in shared memory (the last warp with __syncwarp) and added to a 64-bit
// global counter with one atomicAdd per block.
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

constexpr int kThreads = 256;
constexpr int kBlocks = 512;

// Scramble the thread index so that neighbouring threads start far apart in the LCG sequence.
__host__ __device__ inline uint32_t seed_for(uint32_t tid)
{
    uint32_t z = tid * 0x9E3779B9u + 0x7F4A7C15u;
    z ^= z >> 16;
    z *= 0x85EBCA6Bu;
    z ^= z >> 13;
    z *= 0xC2B2AE35u;
    z ^= z >> 16;
    return z;
}

__host__ __device__ inline uint32_t lcg_next(uint32_t &state)
{
    state = state * 1664525u + 1013904223u;
    return state;
}

// The high 16 bits of an LCG are its best bits.
__host__ __device__ inline bool sample_inside(uint32_t &state)
{
    uint64_t x = lcg_next(state) >> 16;
    uint64_t y = lcg_next(state) >> 16;
    return x * x + y * y < (1ull << 32);
}

__global__ void pi_kernel(int samples_per_thread, unsigned long long *total_hits, unsigned int *block_hits)
{
    __shared__ unsigned int sdata[kThreads];
    const unsigned int tid = threadIdx.x;
    uint32_t state = seed_for(blockIdx.x * blockDim.x + tid);

    unsigned int hits = 0;
    for (int s = 0; s < samples_per_thread; ++s)
        hits += sample_inside(state) ? 1u : 0u;

    sdata[tid] = hits;
    __syncthreads();
    for (unsigned int stride = blockDim.x / 2; stride > 32; stride >>= 1) {
        if (tid < stride)
            sdata[tid] += sdata[tid + stride];
        __syncthreads();
    }
    if (tid < 32) {
        // Last warp: read, sync, write, sync. Without __syncwarp the lanes race on Volta and later.
        unsigned int v = sdata[tid] + sdata[tid + 32];
        __syncwarp();
        sdata[tid] = v;
        __syncwarp();
        for (int offset = 16; offset > 0; offset >>= 1) {
            if (tid < offset)
                v += sdata[tid + offset];
            __syncwarp();
            if (tid < offset)
                sdata[tid] = v;
            __syncwarp();
        }
        if (tid == 0) {
            block_hits[blockIdx.x] = v;
            atomicAdd(total_hits, (unsigned long long)v);
        }
    }
}

int main(int argc, char **argv)
{
    const int samples_per_thread = argc > 1 ? atoi(argv[1]) : 256;
    const uint64_t total_samples = (uint64_t)kBlocks * kThreads * samples_per_thread;

    unsigned long long *d_total = nullptr;
    unsigned int *d_block = nullptr;
    CUDA_CHECK(cudaMalloc(&d_total, sizeof(unsigned long long)));
    CUDA_CHECK(cudaMalloc(&d_block, kBlocks * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_total, 0, sizeof(unsigned long long)));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    pi_kernel<<<kBlocks, kThreads>>>(samples_per_thread, d_total, d_block);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    unsigned long long gpu_total = 0;
    std::vector<unsigned int> gpu_block(kBlocks);
    CUDA_CHECK(cudaMemcpy(&gpu_total, d_total, sizeof(gpu_total), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(gpu_block.data(), d_block, kBlocks * sizeof(unsigned int), cudaMemcpyDeviceToHost));

    // CPU reference: replay every thread's generator.
    std::vector<unsigned int> cpu_block(kBlocks, 0);
    unsigned long long cpu_total = 0;
    for (int b = 0; b < kBlocks; ++b) {
        for (int t = 0; t < kThreads; ++t) {
            uint32_t state = seed_for((uint32_t)(b * kThreads + t));
            for (int s = 0; s < samples_per_thread; ++s)
                cpu_block[b] += sample_inside(state) ? 1u : 0u;
        }
        cpu_total += cpu_block[b];
    }

    int bad_blocks = 0;
    for (int b = 0; b < kBlocks; ++b)
        if (cpu_block[b] != gpu_block[b])
            ++bad_blocks;
    const bool ok = gpu_total == cpu_total && bad_blocks == 0;
    if (!ok)
        fprintf(stderr, "mismatch: gpu %llu cpu %llu, %d blocks differ\n", gpu_total, cpu_total, bad_blocks);

    const double pi_est = 4.0 * (double)gpu_total / (double)total_samples;
    printf("RESULT hits %llu\n", gpu_total);
    printf("RESULT samples %llu\n", (unsigned long long)total_samples);
    printf("RESULT pi %.9g\n", pi_est);
    printf("RESULT block_hits %u %u %u %u\n", gpu_block[0], gpu_block[1], gpu_block[kBlocks / 2],
           gpu_block[kBlocks - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_total));
    CUDA_CHECK(cudaFree(d_block));
    return ok ? 0 : 1;
}
