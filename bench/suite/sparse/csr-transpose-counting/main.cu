// CSR -> CSC (i.e. sparse transpose) by counting sort:
//   1. count nonzeros per column             (atomicAdd)
//   2. exclusive scan of the counts -> col_ptr (one block, warp-shuffle scan)
//   3. scatter each entry to col_ptr[c] + atomicAdd(cursor[c], 1)
//   4. the scatter order inside a column depends on thread timing, so sort each column by row.
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

constexpr int kScanThreads = 1024;  // 32 warps of 32 lanes

__global__ void count_columns(int nnz, const int* __restrict__ col_idx, int* col_count) {
    for (int k = blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += gridDim.x * blockDim.x)
        atomicAdd(&col_count[col_idx[k]], 1);
}

// out[0..n] = exclusive prefix sums of in[0..n-1], out[n] = total. Launch with one block of
// kScanThreads threads; each thread scans a contiguous chunk serially.
__global__ void exclusive_scan_one_block(const int* __restrict__ in, int* __restrict__ out, int n) {
    __shared__ int warp_totals[32];
    const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const int chunk = (n + blockDim.x - 1) / blockDim.x;
    const int begin = min(tid * chunk, n), end = min(begin + chunk, n);
    int local = 0;
    for (int i = begin; i < end; ++i) local += in[i];

    int v = local;  // inclusive scan across the warp
    for (int o = 1; o < 32; o <<= 1) {
        int t = __shfl_up_sync(0xffffffffu, v, o);
        if (lane >= o) v += t;
    }
    if (lane == 31) warp_totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int w = warp_totals[lane];
        for (int o = 1; o < 32; o <<= 1) {
            int t = __shfl_up_sync(0xffffffffu, w, o);
            if (lane >= o) w += t;
        }
        warp_totals[lane] = w;  // inclusive over warps
    }
    __syncthreads();
    int offset = (v - local) + (warp > 0 ? warp_totals[warp - 1] : 0);
    for (int i = begin; i < end; ++i) {
        out[i] = offset;
        offset += in[i];
    }
    if (tid == blockDim.x - 1) out[n] = offset;
}

__global__ void scatter_entries(int rows, const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                                const float* __restrict__ vals, int* cursor, int* __restrict__ csc_row,
                                float* __restrict__ csc_val) {
    for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += gridDim.x * blockDim.x) {
        for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) {
            int pos = atomicAdd(&cursor[col_idx[k]], 1);
            csc_row[pos] = r;
            csc_val[pos] = vals[k];
        }
    }
}

__global__ void sort_columns(int cols, const int* __restrict__ col_ptr, int* csc_row, float* csc_val) {
    for (int c = blockIdx.x * blockDim.x + threadIdx.x; c < cols; c += gridDim.x * blockDim.x) {
        int begin = col_ptr[c], end = col_ptr[c + 1];
        for (int i = begin + 1; i < end; ++i) {
            int key = csc_row[i];
            float val = csc_val[i];
            int j = i - 1;
            while (j >= begin && csc_row[j] > key) {
                csc_row[j + 1] = csc_row[j];
                csc_val[j + 1] = csc_val[j];
                --j;
            }
            csc_row[j + 1] = key;
            csc_val[j + 1] = val;
        }
    }
}

int main(int argc, char** argv) {
    const int rows = argc > 1 ? atoi(argv[1]) : 200000;
    const int cols = argc > 2 ? atoi(argv[2]) : 150000;

    uint32_t s = 1618033u;
    auto next = [&s]() { return s = s * 1664525u + 1013904223u; };
    std::vector<int> row_ptr(rows + 1, 0), col_idx;
    std::vector<float> vals;
    for (int r = 0; r < rows; ++r) {
        int len = 1 + (int)((next() >> 8) % 32u);
        int band = cols / len;
        for (int k = 0; k < len; ++k) {
            col_idx.push_back(k * band + (int)((next() >> 8) % (uint32_t)band));
            vals.push_back((float)(int)((next() >> 8) % 2001u) * 0.001f - 1.0f);
        }
        row_ptr[r + 1] = (int)col_idx.size();
    }
    const int nnz = row_ptr[rows];

    int *d_row_ptr, *d_col_idx, *d_count, *d_col_ptr, *d_cursor, *d_csc_row;
    float *d_vals, *d_csc_val;
    CUDA_CHECK(cudaMalloc(&d_row_ptr, (rows + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_col_idx, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_vals, nnz * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_count, cols * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_col_ptr, (cols + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_cursor, cols * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_csc_row, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_csc_val, nnz * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_row_ptr, row_ptr.data(), (rows + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_col_idx, col_idx.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vals, vals.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    const int threads = 256;
    CUDA_CHECK(cudaEventRecord(start));
    CUDA_CHECK(cudaMemsetAsync(d_count, 0, cols * sizeof(int)));
    count_columns<<<1024, threads>>>(nnz, d_col_idx, d_count);
    exclusive_scan_one_block<<<1, kScanThreads>>>(d_count, d_col_ptr, cols);
    CUDA_CHECK(cudaMemcpyAsync(d_cursor, d_col_ptr, cols * sizeof(int), cudaMemcpyDeviceToDevice));
    scatter_entries<<<(rows + threads - 1) / threads, threads>>>(rows, d_row_ptr, d_col_idx, d_vals,
                                                                 d_cursor, d_csc_row, d_csc_val);
    sort_columns<<<(cols + threads - 1) / threads, threads>>>(cols, d_col_ptr, d_csc_row, d_csc_val);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<int> g_col_ptr(cols + 1), g_row(nnz);
    std::vector<float> g_val(nnz);
    CUDA_CHECK(cudaMemcpy(g_col_ptr.data(), d_col_ptr, (cols + 1) * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_row.data(), d_csc_row, nnz * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_val.data(), d_csc_val, nnz * sizeof(float), cudaMemcpyDeviceToHost));

    // CPU transpose: walking rows in order fills each column with ascending row numbers.
    std::vector<int> r_col_ptr(cols + 1, 0), r_row(nnz);
    std::vector<float> r_val(nnz);
    for (int k = 0; k < nnz; ++k) r_col_ptr[col_idx[k] + 1]++;
    for (int c = 0; c < cols; ++c) r_col_ptr[c + 1] += r_col_ptr[c];
    std::vector<int> fill(r_col_ptr.begin(), r_col_ptr.end() - 1);
    for (int r = 0; r < rows; ++r)
        for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) {
            int pos = fill[col_idx[k]]++;
            r_row[pos] = r;
            r_val[pos] = vals[k];
        }
    long bad = 0;
    for (int c = 0; c <= cols; ++c) bad += (g_col_ptr[c] != r_col_ptr[c]);
    for (int k = 0; k < nnz; ++k) bad += (g_row[k] != r_row[k]) + (g_val[k] != r_val[k]);

    unsigned long long row_hash = 0;
    for (int k = 0; k < nnz; ++k) row_hash = row_hash * 1000003ull + (unsigned long long)g_row[k];
    int max_col = 0;
    for (int c = 0; c < cols; ++c) {
        int len = g_col_ptr[c + 1] - g_col_ptr[c];
        if (len > max_col) max_col = len;
    }
    printf("RESULT nnz %d\n", g_col_ptr[cols]);
    printf("RESULT longest_column %d\n", max_col);
    printf("RESULT csc_row_hash %llu\n", row_hash);
    printf("RESULT col_ptr_samples %d %d %d %d\n", g_col_ptr[1], g_col_ptr[cols / 3], g_col_ptr[cols / 2],
           g_col_ptr[cols - 1]);
    printf("RESULT csc_samples %d %.6g %d %.6g\n", g_row[nnz / 2], g_val[nnz / 2], g_row[nnz - 1],
           g_val[nnz - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "transpose of %d x %d (%d nnz): mismatches %ld\n", rows, cols, nnz, bad);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_row_ptr));
    CUDA_CHECK(cudaFree(d_col_idx));
    CUDA_CHECK(cudaFree(d_vals));
    CUDA_CHECK(cudaFree(d_count));
    CUDA_CHECK(cudaFree(d_col_ptr));
    CUDA_CHECK(cudaFree(d_cursor));
    CUDA_CHECK(cudaFree(d_csc_row));
    CUDA_CHECK(cudaFree(d_csc_val));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
