// Argmin/argmax with cooperative groups. Values are quantised so the extremes occur many times; the
// reduction must return the lowest index among equal values, which makes the answer unique.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cfloat>
#include <climits>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t err_ = (call);                                                         \
        if (err_ != cudaSuccess) {                                                         \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,     \
                    cudaGetErrorString(err_));                                             \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

struct Extremes {
    float min_val;
    int min_idx;
    float max_val;
    int max_idx;
};

__device__ __forceinline__ Extremes merge(const Extremes& a, const Extremes& b) {
    Extremes r;
    if (b.min_val < a.min_val || (b.min_val == a.min_val && b.min_idx < a.min_idx)) {
        r.min_val = b.min_val;
        r.min_idx = b.min_idx;
    } else {
        r.min_val = a.min_val;
        r.min_idx = a.min_idx;
    }
    if (b.max_val > a.max_val || (b.max_val == a.max_val && b.max_idx < a.max_idx)) {
        r.max_val = b.max_val;
        r.max_idx = b.max_idx;
    } else {
        r.max_val = a.max_val;
        r.max_idx = a.max_idx;
    }
    return r;
}

__device__ Extremes tile_reduce(cg::thread_block_tile<32> tile, Extremes e) {
    for (int offset = tile.size() / 2; offset > 0; offset /= 2) {
        Extremes other;
        other.min_val = tile.shfl_down(e.min_val, offset);
        other.min_idx = tile.shfl_down(e.min_idx, offset);
        other.max_val = tile.shfl_down(e.max_val, offset);
        other.max_idx = tile.shfl_down(e.max_idx, offset);
        e = merge(e, other);
    }
    return e;
}

__device__ Extremes block_reduce(cg::thread_block block, Extremes e) {
    __shared__ Extremes per_warp[kWarps];
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    e = tile_reduce(tile, e);
    if (tile.thread_rank() == 0) per_warp[tile.meta_group_rank()] = e;
    block.sync();
    if (tile.meta_group_rank() == 0) {
        e = (tile.thread_rank() < kWarps) ? per_warp[tile.thread_rank()]
                                          : Extremes{FLT_MAX, INT_MAX, -FLT_MAX, INT_MAX};
        e = tile_reduce(tile, e);
    }
    return e;  // valid in thread 0 of the block
}

__global__ void extremes_partial(const float* __restrict__ x, int n, Extremes* __restrict__ partial) {
    cg::thread_block block = cg::this_thread_block();
    Extremes e{FLT_MAX, INT_MAX, -FLT_MAX, INT_MAX};
    // indices visited in increasing order per thread, so a strict comparison keeps the first occurrence
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        const float v = x[i];
        if (v < e.min_val) {
            e.min_val = v;
            e.min_idx = i;
        }
        if (v > e.max_val) {
            e.max_val = v;
            e.max_idx = i;
        }
    }
    e = block_reduce(block, e);
    if (block.thread_rank() == 0) partial[blockIdx.x] = e;
}

__global__ void extremes_final(const Extremes* __restrict__ partial, int count, Extremes* __restrict__ out) {
    cg::thread_block block = cg::this_thread_block();
    Extremes e{FLT_MAX, INT_MAX, -FLT_MAX, INT_MAX};
    for (int i = block.thread_rank(); i < count; i += block.size()) e = merge(e, partial[i]);
    e = block_reduce(block, e);
    if (block.thread_rank() == 0) *out = e;
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : (1 << 24);
    const int blocks = 512;

    std::vector<float> h_x(n);
    uint32_t seed = 8086u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        h_x[i] = (float)((int)((seed >> 7) % 200001u) - 100000) * 0.001f;  // [-100, 100] in steps of 0.001
    }

    float* d_x;
    Extremes *d_partial, *d_out;
    CUDA_CHECK(cudaMalloc(&d_x, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_partial, blocks * sizeof(Extremes)));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof(Extremes)));
    CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), (size_t)n * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    extremes_partial<<<blocks, kThreads>>>(d_x, n, d_partial);
    CUDA_CHECK(cudaGetLastError());
    extremes_final<<<1, kThreads>>>(d_partial, blocks, d_out);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    Extremes gpu;
    CUDA_CHECK(cudaMemcpy(&gpu, d_out, sizeof(Extremes), cudaMemcpyDeviceToHost));

    Extremes ref{FLT_MAX, -1, -FLT_MAX, -1};
    int min_count = 0, max_count = 0;
    for (int i = 0; i < n; ++i) {
        if (h_x[i] < ref.min_val) { ref.min_val = h_x[i]; ref.min_idx = i; }
        if (h_x[i] > ref.max_val) { ref.max_val = h_x[i]; ref.max_idx = i; }
    }
    for (int i = 0; i < n; ++i) {
        min_count += (h_x[i] == ref.min_val);
        max_count += (h_x[i] == ref.max_val);
    }
    fprintf(stderr, "min occurs %d times, max occurs %d times\n", min_count, max_count);

    const bool ok = gpu.min_val == ref.min_val && gpu.min_idx == ref.min_idx && gpu.max_val == ref.max_val &&
                    gpu.max_idx == ref.max_idx;
    if (!ok)
        fprintf(stderr, "gpu min %f@%d max %f@%d, cpu min %f@%d max %f@%d\n", gpu.min_val, gpu.min_idx, gpu.max_val,
                gpu.max_idx, ref.min_val, ref.min_idx, ref.max_val, ref.max_idx);

    printf("RESULT min %.9g %d\n", gpu.min_val, gpu.min_idx);
    printf("RESULT max %.9g %d\n", gpu.max_val, gpu.max_idx);
    printf("RESULT occurrences %d %d\n", min_count, max_count);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_partial));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
