// Embedding lookups as in recommendation models:
//   gather:        out[i]   = table[idx[i]]
//   embedding bag: bag[b]   = reduce_{j in [offsets[b], offsets[b+1])} table[idx[j]]   (sum or mean)
// One warp handles one output row; with D = 128 every lane moves exactly one float4.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
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

enum class BagMode { Sum, Mean };

__device__ __forceinline__ float4 add4(float4 a, float4 b) {
    return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

template <int D>
__global__ void embedding_gather(const float* __restrict__ table, const int* __restrict__ idx, int n,
                                 float* __restrict__ out) {
    static_assert(D % 128 == 0, "D must be a multiple of 32 lanes x 4 floats");
    constexpr int VEC_PER_LANE = D / 128;
    const int lane = threadIdx.x & 31;
    const int warps_total = (gridDim.x * blockDim.x) >> 5;
    for (int i = (blockIdx.x * blockDim.x + threadIdx.x) >> 5; i < n; i += warps_total) {
        const float4* src = reinterpret_cast<const float4*>(table + (size_t)idx[i] * D);
        float4* dst = reinterpret_cast<float4*>(out + (size_t)i * D);
#pragma unroll
        for (int v = 0; v < VEC_PER_LANE; ++v) dst[v * 32 + lane] = src[v * 32 + lane];
    }
}

template <int D, BagMode MODE>
__global__ void embedding_bag(const float* __restrict__ table, const int* __restrict__ idx,
                              const int* __restrict__ offsets, int bags, float* __restrict__ out) {
    constexpr int VEC_PER_LANE = D / 128;
    const int lane = threadIdx.x & 31;
    const int warps_total = (gridDim.x * blockDim.x) >> 5;
    for (int b = (blockIdx.x * blockDim.x + threadIdx.x) >> 5; b < bags; b += warps_total) {
        const int begin = offsets[b], end = offsets[b + 1];
        float4 acc[VEC_PER_LANE];
#pragma unroll
        for (int v = 0; v < VEC_PER_LANE; ++v) acc[v] = make_float4(0.f, 0.f, 0.f, 0.f);
        for (int j = begin; j < end; ++j) {
            const float4* row = reinterpret_cast<const float4*>(table + (size_t)idx[j] * D);
#pragma unroll
            for (int v = 0; v < VEC_PER_LANE; ++v) acc[v] = add4(acc[v], row[v * 32 + lane]);
        }
        if (MODE == BagMode::Mean && end > begin) {
            const float inv = 1.0f / (float)(end - begin);
#pragma unroll
            for (int v = 0; v < VEC_PER_LANE; ++v)
                acc[v] = make_float4(acc[v].x * inv, acc[v].y * inv, acc[v].z * inv, acc[v].w * inv);
        }
        float4* dst = reinterpret_cast<float4*>(out + (size_t)b * D);
#pragma unroll
        for (int v = 0; v < VEC_PER_LANE; ++v) dst[v * 32 + lane] = acc[v];
    }
}

int main(int argc, char** argv) {
    constexpr int D = 128;
    const int V = (argc > 1) ? atoi(argv[1]) : 100000;
    const int bags = (argc > 2) ? atoi(argv[2]) : 16384;

    uint32_t seed = 777u;
    auto next = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return seed;
    };
    std::vector<float> h_table((size_t)V * D);
    for (auto& v : h_table) v = (float)(next() >> 8) * (2.0f / 16777216.0f) - 1.0f;
    std::vector<int> h_offsets(bags + 1);
    h_offsets[0] = 0;
    for (int b = 0; b < bags; ++b) h_offsets[b + 1] = h_offsets[b] + ((b % 11 == 0) ? 0 : (int)((next() >> 10) % 41u));
    const int n_idx = h_offsets[bags];
    std::vector<int> h_idx(n_idx);
    for (auto& i : h_idx) i = (int)((next() >> 4) % (uint32_t)V);
    fprintf(stderr, "%d bags, %d lookups\n", bags, n_idx);

    float *d_table, *d_gather, *d_sum, *d_mean;
    int *d_idx, *d_offsets;
    CUDA_CHECK(cudaMalloc(&d_table, h_table.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_gather, (size_t)n_idx * D * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_sum, (size_t)bags * D * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_mean, (size_t)bags * D * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_idx, (size_t)n_idx * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_offsets, (size_t)(bags + 1) * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_table, h_table.data(), h_table.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_idx, h_idx.data(), (size_t)n_idx * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_offsets, h_offsets.data(), (size_t)(bags + 1) * sizeof(int), cudaMemcpyHostToDevice));

    const int threads = 256, blocks = 1024;
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    embedding_gather<D><<<blocks, threads>>>(d_table, d_idx, n_idx, d_gather);
    CUDA_CHECK(cudaGetLastError());
    embedding_bag<D, BagMode::Sum><<<blocks, threads>>>(d_table, d_idx, d_offsets, bags, d_sum);
    CUDA_CHECK(cudaGetLastError());
    embedding_bag<D, BagMode::Mean><<<blocks, threads>>>(d_table, d_idx, d_offsets, bags, d_mean);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<float> h_gather((size_t)n_idx * D), h_sum((size_t)bags * D), h_mean((size_t)bags * D);
    CUDA_CHECK(cudaMemcpy(h_gather.data(), d_gather, h_gather.size() * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_sum.data(), d_sum, h_sum.size() * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_mean.data(), d_mean, h_mean.size() * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    for (int i = 0; i < n_idx && ok; ++i)
        for (int d = 0; d < D; ++d)
            if (h_gather[(size_t)i * D + d] != h_table[(size_t)h_idx[i] * D + d]) {
                fprintf(stderr, "gather row %d dim %d differs\n", i, d);
                ok = false;
                break;
            }
    double sum_abs = 0.0, mean_abs = 0.0;
    for (int b = 0; b < bags; ++b) {
        const int len = h_offsets[b + 1] - h_offsets[b];
        for (int d = 0; d < D; ++d) {
            double s = 0.0;
            for (int j = h_offsets[b]; j < h_offsets[b + 1]; ++j) s += h_table[(size_t)h_idx[j] * D + d];
            const double m = len ? s / len : 0.0;
            const float gs = h_sum[(size_t)b * D + d], gm = h_mean[(size_t)b * D + d];
            if (fabs(gs - s) > 1e-5 + 1e-5 * fabs(s) || fabs(gm - m) > 1e-6 + 1e-5 * fabs(m)) {
                if (ok) fprintf(stderr, "bag %d dim %d: sum %f (%f) mean %f (%f)\n", b, d, gs, s, gm, m);
                ok = false;
            }
            sum_abs += fabs(gs);
            mean_abs += fabs(gm);
        }
    }

    double gather_sum = 0.0;
    for (float v : h_gather) gather_sum += fabs(v);
    printf("RESULT lookups %d\n", n_idx);
    printf("RESULT gather_abs_sum %.9g\n", gather_sum);
    printf("RESULT bag_sum_abs %.6g\n", sum_abs);
    printf("RESULT bag_mean_abs %.6g\n", mean_abs);
    printf("RESULT bag_samples %.6g %.6g %.6g %.6g\n", h_sum[D + 1], h_sum[(size_t)bags * D / 2], h_mean[D + 1],
           h_mean[(size_t)bags * D - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_table));
    CUDA_CHECK(cudaFree(d_gather));
    CUDA_CHECK(cudaFree(d_sum));
    CUDA_CHECK(cudaFree(d_mean));
    CUDA_CHECK(cudaFree(d_idx));
    CUDA_CHECK(cudaFree(d_offsets));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
