// Three-kernel inclusive scan. The building block is a 32-lane Kogge-Stone scan in registers
// (__shfl_up_sync); a block scan combines warp totals through a 32-entry shared array.
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

constexpr int kBlock = 1024;

template <typename T>
__device__ __forceinline__ T warp_inclusive_scan(T v, int lane) {
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        T up = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d) v += up;
    }
    return v;
}

// blockDim.x must be a multiple of 32 and at most 1024.
template <typename T>
__device__ T block_inclusive_scan(T v, T* warp_totals) {
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;
    const int nwarps = blockDim.x >> 5;

    v = warp_inclusive_scan(v, lane);
    if (lane == 31) warp_totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        T t = (lane < nwarps) ? warp_totals[lane] : T(0);
        warp_totals[lane] = warp_inclusive_scan(t, lane);
    }
    __syncthreads();
    if (warp > 0) v += warp_totals[warp - 1];
    __syncthreads();  // warp_totals may be reused by the caller right away
    return v;
}

template <typename T>
__global__ void scan_blocks(const T* __restrict__ in, T* __restrict__ out, T* __restrict__ block_sums, int n) {
    __shared__ T warp_totals[32];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    T v = (i < n) ? in[i] : T(0);
    v = block_inclusive_scan(v, warp_totals);
    if (i < n) out[i] = v;
    if (threadIdx.x == blockDim.x - 1) block_sums[blockIdx.x] = v;
}

// One block walks over all block totals chunk by chunk, carrying the running total.
template <typename T>
__global__ void scan_block_sums(T* sums, int count) {
    __shared__ T warp_totals[32];
    __shared__ T carry_s;
    T carry = T(0);
    for (int base = 0; base < count; base += blockDim.x) {
        const int i = base + threadIdx.x;
        T v = (i < count) ? sums[i] : T(0);
        v = block_inclusive_scan(v, warp_totals) + carry;
        if (i < count) sums[i] = v;
        if (threadIdx.x == blockDim.x - 1) carry_s = v;
        __syncthreads();
        carry = carry_s;
        __syncthreads();
    }
}

template <typename T>
__global__ void add_block_offsets(T* __restrict__ out, const T* __restrict__ scanned_sums, int n) {
    if (blockIdx.x == 0) return;
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] += scanned_sums[blockIdx.x - 1];
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : (1 << 22);
    const int blocks = (n + kBlock - 1) / kBlock;

    std::vector<int> h_in(n), h_out(n);
    uint32_t seed = 99u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        h_in[i] = (int)((seed >> 12) % 101u) - 50;
    }

    int *d_in, *d_out, *d_sums;
    CUDA_CHECK(cudaMalloc(&d_in, (size_t)n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_out, (size_t)n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_sums, (size_t)blocks * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), (size_t)n * sizeof(int), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    scan_blocks<int><<<blocks, kBlock>>>(d_in, d_out, d_sums, n);
    CUDA_CHECK(cudaGetLastError());
    scan_block_sums<int><<<1, kBlock>>>(d_sums, blocks);
    CUDA_CHECK(cudaGetLastError());
    add_block_offsets<int><<<blocks, kBlock>>>(d_out, d_sums, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, (size_t)n * sizeof(int), cudaMemcpyDeviceToHost));

    bool ok = true;
    long long running = 0;
    uint64_t checksum = 1469598103934665603ull;
    int min_prefix = 0, max_prefix = 0;
    for (int i = 0; i < n; ++i) {
        running += h_in[i];
        if ((long long)h_out[i] != running) {
            if (ok) fprintf(stderr, "mismatch at %d: gpu %d cpu %lld\n", i, h_out[i], running);
            ok = false;
        }
        checksum = (checksum ^ (uint32_t)h_out[i]) * 1099511628211ull;
        if (h_out[i] < min_prefix) min_prefix = h_out[i];
        if (h_out[i] > max_prefix) max_prefix = h_out[i];
    }

    printf("RESULT last %d\n", h_out[n - 1]);
    printf("RESULT checksum %llu\n", (unsigned long long)checksum);
    printf("RESULT min_max %d %d\n", min_prefix, max_prefix);
    printf("RESULT samples %d %d %d %d\n", h_out[0], h_out[1023], h_out[1024], h_out[n / 3]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_sums));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
