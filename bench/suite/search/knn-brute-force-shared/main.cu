// Brute-force k-nearest neighbours (k = 8) of 2048 queries among 16384 reference points in 8-D.
//
// One thread per query keeps a sorted top-k list in registers. Reference points stream through shared
// memory in tiles loaded cooperatively by the block. Coordinates are quantised to integers 0..1023 stored
// as float, so every squared distance is an exact integer in float (< 2^24) and the neighbour lists,
// including tie order (smaller index first), compare exactly with the CPU.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <utility>
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

constexpr int kDim = 8;
constexpr int kThreads = 128;
constexpr int kTile = 256;

template <int K>
__device__ __forceinline__ void insert_candidate(float (&best_d)[K], int (&best_i)[K], float d, int idx)
{
    if (!(d < best_d[K - 1]))
        return;  // candidates arrive in index order, so an equal distance keeps the earlier point
    int pos = K - 1;
    while (pos > 0 && best_d[pos - 1] > d) {
        best_d[pos] = best_d[pos - 1];
        best_i[pos] = best_i[pos - 1];
        --pos;
    }
    best_d[pos] = d;
    best_i[pos] = idx;
}

template <int K>
__global__ void __launch_bounds__(kThreads) knn_kernel(const float *__restrict__ refs, int n_ref,
                                                       const float *__restrict__ queries, int n_query,
                                                       int *__restrict__ out_idx, float *__restrict__ out_dist)
{
    __shared__ float tile[kTile][kDim];
    const int qi = blockIdx.x * blockDim.x + threadIdx.x;
    float q[kDim];
#pragma unroll
    for (int d = 0; d < kDim; ++d)
        q[d] = qi < n_query ? queries[qi * kDim + d] : 0.f;
    float best_d[K];
    int best_i[K];
#pragma unroll
    for (int k = 0; k < K; ++k) {
        best_d[k] = 3.0e38f;
        best_i[k] = -1;
    }

    for (int base = 0; base < n_ref; base += kTile) {
        const int count = min(kTile, n_ref - base);
        __syncthreads();  // previous tile fully consumed
        for (int t = threadIdx.x; t < count * kDim; t += blockDim.x)
            tile[t / kDim][t % kDim] = refs[(size_t)base * kDim + t];
        __syncthreads();
        if (qi < n_query) {
            for (int j = 0; j < count; ++j) {
                float dist = 0.f;
#pragma unroll
                for (int d = 0; d < kDim; ++d) {
                    const float diff = q[d] - tile[j][d];
                    dist += diff * diff;
                }
                insert_candidate<K>(best_d, best_i, dist, base + j);
            }
        }
    }
    if (qi < n_query) {
#pragma unroll
        for (int k = 0; k < K; ++k) {
            out_idx[qi * K + k] = best_i[k];
            out_dist[qi * K + k] = best_d[k];
        }
    }
}

int main(int argc, char **argv)
{
    constexpr int K = 8;
    const int n_ref = argc > 1 ? atoi(argv[1]) : 16384;
    const int n_query = argc > 2 ? atoi(argv[2]) : 2048;

    std::vector<float> refs((size_t)n_ref * kDim), queries((size_t)n_query * kDim);
    uint32_t s = 4242u;
    auto coord = [&]() {
        s = s * 1664525u + 1013904223u;
        return (float)(s >> 22);  // 0..1023
    };
    for (auto &x : refs)
        x = coord();
    for (auto &x : queries)
        x = coord();

    float *d_refs, *d_queries, *d_dist;
    int *d_idx;
    CUDA_CHECK(cudaMalloc(&d_refs, refs.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_queries, queries.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_idx, (size_t)n_query * K * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_dist, (size_t)n_query * K * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_refs, refs.data(), refs.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_queries, queries.data(), queries.size() * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    knn_kernel<K><<<(n_query + kThreads - 1) / kThreads, kThreads>>>(d_refs, n_ref, d_queries, n_query, d_idx, d_dist);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<int> idx((size_t)n_query * K);
    std::vector<float> dist((size_t)n_query * K);
    CUDA_CHECK(cudaMemcpy(idx.data(), d_idx, idx.size() * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(dist.data(), d_dist, dist.size() * sizeof(float), cudaMemcpyDeviceToHost));

    // CPU reference: exact integer distances, ordered by (distance, index).
    size_t bad = 0;
    uint64_t idx_sum = 0, dist_sum = 0;
    std::vector<std::pair<int, int>> cand(n_ref);
    for (int qi = 0; qi < n_query; ++qi) {
        for (int j = 0; j < n_ref; ++j) {
            int d2 = 0;
            for (int d = 0; d < kDim; ++d) {
                const int diff = (int)queries[(size_t)qi * kDim + d] - (int)refs[(size_t)j * kDim + d];
                d2 += diff * diff;
            }
            cand[j] = {d2, j};
        }
        std::partial_sort(cand.begin(), cand.begin() + K, cand.end());
        for (int k = 0; k < K; ++k) {
            const size_t o = (size_t)qi * K + k;
            if ((idx[o] != cand[k].second || dist[o] != (float)cand[k].first) && bad++ < 5)
                fprintf(stderr, "query %d rank %d: gpu (%d, %.0f) cpu (%d, %d)\n", qi, k, idx[o], dist[o],
                        cand[k].second, cand[k].first);
            idx_sum += (uint64_t)idx[o] * (k + 1);
            dist_sum += (uint64_t)dist[o];
        }
    }
    const bool ok = bad == 0;

    printf("RESULT index_checksum %llu\n", (unsigned long long)idx_sum);
    printf("RESULT distance_sum %llu\n", (unsigned long long)dist_sum);
    printf("RESULT query0");
    for (int k = 0; k < K; ++k)
        printf(" %d", idx[k]);
    printf("\n");
    printf("RESULT query_last_dist");
    for (int k = 0; k < K; ++k)
        printf(" %.0f", dist[(size_t)(n_query - 1) * K + k]);
    printf("\n");
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_refs));
    CUDA_CHECK(cudaFree(d_queries));
    CUDA_CHECK(cudaFree(d_idx));
    CUDA_CHECK(cudaFree(d_dist));
    return ok ? 0 : 1;
}
