// Zero-copy access: the kernel reads its input directly from page-locked, mapped host memory
// and writes its small outputs (per-block counts, a global count and a sum) back into mapped
// host memory, so no cudaMemcpy is issued at all. Suits read-once data and tiny results.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
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
constexpr int kBlocks = 256;

// Counts values above `threshold` and sums them (as integers) per block; block 0..gridDim-1
// each write their own slot, and thread 0 of every block adds into the global totals.
__global__ void filter_count(const int* __restrict__ in, size_t n, int threshold,
                             unsigned int* block_counts, unsigned int* total_count,
                             unsigned long long* total_sum) {
    __shared__ unsigned int s_count;
    __shared__ unsigned long long s_sum;
    if (threadIdx.x == 0) {
        s_count = 0;
        s_sum = 0;
    }
    __syncthreads();
    unsigned int my_count = 0;
    unsigned long long my_sum = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        int v = in[i];
        if (v > threshold) {
            ++my_count;
            my_sum += (unsigned long long)v;
        }
    }
    atomicAdd(&s_count, my_count);
    atomicAdd(&s_sum, my_sum);
    __syncthreads();
    if (threadIdx.x == 0) {
        block_counts[blockIdx.x] = s_count;
        atomicAdd(total_count, s_count);
        atomicAdd(total_sum, s_sum);
    }
}

int main(int argc, char** argv) {
    size_t n = argc > 1 ? strtoull(argv[1], nullptr, 10) : (size_t)1 << 21;
    const int threshold = 700000;

    // Must come before anything creates the context.
    CUDA_CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
    int dev = 0, can_map = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&can_map, cudaDevAttrCanMapHostMemory, dev));
    if (!can_map) {
        fprintf(stderr, "device cannot map host memory\n");
        puts("FAIL");
        return 1;
    }

    int* h_in;
    unsigned int *h_block_counts, *h_total_count;
    unsigned long long* h_total_sum;
    CUDA_CHECK(cudaHostAlloc(&h_in, n * sizeof(int), cudaHostAllocMapped | cudaHostAllocWriteCombined));
    CUDA_CHECK(cudaHostAlloc(&h_block_counts, kBlocks * sizeof(unsigned int), cudaHostAllocMapped));
    CUDA_CHECK(cudaHostAlloc(&h_total_count, sizeof(unsigned int), cudaHostAllocMapped));
    CUDA_CHECK(cudaHostAlloc(&h_total_sum, sizeof(unsigned long long), cudaHostAllocMapped));

    // Fill the input through a plain host array first: write-combined memory is slow to read
    // back on the CPU, so the reference works from this copy.
    int* ref_in = (int*)malloc(n * sizeof(int));
    uint32_t s = 31337u;
    for (size_t i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        ref_in[i] = (int)(s >> 12);  // 0 .. 2^20-1
        h_in[i] = ref_in[i];
    }
    *h_total_count = 0;
    *h_total_sum = 0;

    int* d_in;
    unsigned int *d_block_counts, *d_total_count;
    unsigned long long* d_total_sum;
    CUDA_CHECK(cudaHostGetDevicePointer((void**)&d_in, h_in, 0));
    CUDA_CHECK(cudaHostGetDevicePointer((void**)&d_block_counts, h_block_counts, 0));
    CUDA_CHECK(cudaHostGetDevicePointer((void**)&d_total_count, h_total_count, 0));
    CUDA_CHECK(cudaHostGetDevicePointer((void**)&d_total_sum, h_total_sum, 0));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    filter_count<<<kBlocks, kThreads>>>(d_in, n, threshold, d_block_counts, d_total_count, d_total_sum);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    // The results are in host memory, but only visible once the kernel has finished.
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    // CPU reference with the same grid-stride partition into blocks.
    long bad = 0;
    unsigned long long ref_sum = 0;
    unsigned int ref_total = 0;
    const size_t stride = (size_t)kBlocks * kThreads;
    for (int b = 0; b < kBlocks; ++b) {
        unsigned int c = 0;
        for (int t = 0; t < kThreads; ++t)
            for (size_t i = (size_t)b * kThreads + t; i < n; i += stride)
                if (ref_in[i] > threshold) {
                    ++c;
                    ref_sum += (unsigned long long)ref_in[i];
                }
        if (c != h_block_counts[b]) ++bad;
        ref_total += c;
    }
    if (ref_total != *h_total_count || ref_sum != *h_total_sum) ++bad;

    printf("RESULT total_count %u\n", *h_total_count);
    printf("RESULT total_sum %llu\n", *h_total_sum);
    printf("RESULT block_counts %u %u %u %u\n", h_block_counts[0], h_block_counts[1],
           h_block_counts[kBlocks / 2], h_block_counts[kBlocks - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "mismatches: %ld\n", bad);

    free(ref_in);
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFreeHost(h_in));
    CUDA_CHECK(cudaFreeHost(h_block_counts));
    CUDA_CHECK(cudaFreeHost(h_total_count));
    CUDA_CHECK(cudaFreeHost(h_total_sum));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
