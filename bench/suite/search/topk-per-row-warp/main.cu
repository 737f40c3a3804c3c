// Top-k (k = 16) largest values and their column indices for every row of a 4096 x 1024 matrix.
//
// One warp per row. Each lane scans its strided columns and keeps a sorted local top-k in registers; the
// warp then runs k selection rounds: every lane offers its current head, a butterfly of __shfl_xor_sync
// finds the largest (value, lane) pair, and the winning lane pops its head. Values within a row are
// distinct by construction, so the output is unique and compares exactly.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <functional>
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

constexpr unsigned kFull = 0xffffffffu;

template <int K, int WARPS_PER_BLOCK>
__global__ void topk_rows(const float *__restrict__ mat, int rows, int cols, float *__restrict__ top_val,
                          int *__restrict__ top_idx)
{
    const int lane = threadIdx.x & 31;
    const int row = blockIdx.x * WARPS_PER_BLOCK + (threadIdx.x >> 5);
    if (row >= rows)
        return;  // whole warp leaves together
    const float *r = mat + (size_t)row * cols;

    float lv[K];
    int li[K];
#pragma unroll
    for (int k = 0; k < K; ++k) {
        lv[k] = -3.0e38f;
        li[k] = -1;
    }
    for (int c = lane; c < cols; c += 32) {
        const float v = r[c];
        if (v > lv[K - 1]) {
            int pos = K - 1;
            while (pos > 0 && lv[pos - 1] < v) {
                lv[pos] = lv[pos - 1];
                li[pos] = li[pos - 1];
                --pos;
            }
            lv[pos] = v;
            li[pos] = c;
        }
    }

    int head = 0;
    for (int k = 0; k < K; ++k) {
        float v = head < K ? lv[head] : -3.0e38f;
        int owner = lane;
        // Butterfly max over (value, lane); ties cannot happen between real values, the lane breaks
        // ties between exhausted lanes.
        for (int off = 16; off > 0; off >>= 1) {
            const float ov = __shfl_xor_sync(kFull, v, off);
            const int oo = __shfl_xor_sync(kFull, owner, off);
            if (ov > v || (ov == v && oo < owner)) {
                v = ov;
                owner = oo;
            }
        }
        const int idx = __shfl_sync(kFull, head < K ? li[head] : -1, owner);
        if (lane == 0) {
            top_val[(size_t)row * K + k] = v;
            top_idx[(size_t)row * K + k] = idx;
        }
        if (lane == owner)
            ++head;
    }
}

int main(int argc, char **argv)
{
    constexpr int K = 16;
    constexpr int kWarps = 8;
    const int rows = argc > 1 ? atoi(argv[1]) : 4096;
    const int cols = 1024;

    // Distinct values per row: random high bits above a per-row permutation of the column in the low 10
    // bits; all below 2^24 so they are exact floats.
    std::vector<float> mat((size_t)rows * cols);
    uint32_t s = 8675309u;
    for (int r = 0; r < rows; ++r) {
        s = s * 1664525u + 1013904223u;
        const uint32_t a = (s >> 8) | 1u, b = s >> 20;
        for (int c = 0; c < cols; ++c) {
            s = s * 1664525u + 1013904223u;
            const uint32_t low = (uint32_t)(c * a + b) & 1023u;
            mat[(size_t)r * cols + c] = (float)(((s >> 18) << 10) | low);
        }
    }

    float *d_mat, *d_val;
    int *d_idx;
    CUDA_CHECK(cudaMalloc(&d_mat, mat.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_val, (size_t)rows * K * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_idx, (size_t)rows * K * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_mat, mat.data(), mat.size() * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    topk_rows<K, kWarps><<<(rows + kWarps - 1) / kWarps, kWarps * 32>>>(d_mat, rows, cols, d_val, d_idx);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<float> val((size_t)rows * K);
    std::vector<int> idx((size_t)rows * K);
    CUDA_CHECK(cudaMemcpy(val.data(), d_val, val.size() * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(idx.data(), d_idx, idx.size() * sizeof(int), cudaMemcpyDeviceToHost));

    size_t bad = 0;
    uint64_t idx_sum = 0;
    double val_sum = 0.0;
    std::vector<std::pair<float, int>> row(cols);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c)
            row[c] = {mat[(size_t)r * cols + c], c};
        std::partial_sort(row.begin(), row.begin() + K, row.end(), std::greater<std::pair<float, int>>());
        for (int k = 0; k < K; ++k) {
            const size_t o = (size_t)r * K + k;
            if ((val[o] != row[k].first || idx[o] != row[k].second) && bad++ < 5)
                fprintf(stderr, "row %d rank %d: gpu (%.0f,%d) cpu (%.0f,%d)\n", r, k, val[o], idx[o], row[k].first,
                        row[k].second);
            idx_sum += (uint64_t)idx[o] * (k + 1);
            val_sum += val[o];
        }
    }
    const bool ok = bad == 0;

    printf("RESULT index_checksum %llu\n", (unsigned long long)idx_sum);
    printf("RESULT value_sum %.9g\n", val_sum);
    printf("RESULT row0_idx");
    for (int k = 0; k < K; ++k)
        printf(" %d", idx[k]);
    printf("\n");
    printf("RESULT row_last_val");
    for (int k = 0; k < 4; ++k)
        printf(" %.0f", val[(size_t)(rows - 1) * K + k]);
    printf("\n");
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_mat));
    CUDA_CHECK(cudaFree(d_val));
    CUDA_CHECK(cudaFree(d_idx));
    return ok ? 0 : 1;
}
