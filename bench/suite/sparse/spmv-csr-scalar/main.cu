// Scalar CSR SpMV: thread r walks row r's nonzeros. Simple and good for short, even rows;
// uncoalesced because neighbouring threads read different rows' segments.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
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

struct Lcg {
    uint32_t s;
    uint32_t next() { return s = s * 1664525u + 1013904223u; }
    float uniform() { return (float)(next() >> 8) / 16777216.0f; }  // [0, 1)
};

__global__ void spmv_csr_scalar(int n_rows, const int* __restrict__ row_ptr,
                                const int* __restrict__ col_idx, const float* __restrict__ vals,
                                const float* __restrict__ x, float* __restrict__ y) {
    for (int row = blockIdx.x * blockDim.x + threadIdx.x; row < n_rows;
         row += gridDim.x * blockDim.x) {
        float sum = 0.0f;
        for (int k = row_ptr[row]; k < row_ptr[row + 1]; ++k) sum += vals[k] * x[col_idx[k]];
        y[row] = sum;
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 262144;  // square n x n
    const int reps = 10;

    // Random CSR: row length 4..60; column k of a row falls in the k-th of `len` equal bands,
    // so columns come out sorted and distinct.
    Lcg rng{12345u};
    std::vector<int> row_ptr(n + 1, 0), col_idx;
    std::vector<float> vals;
    col_idx.reserve((size_t)n * 32);
    vals.reserve((size_t)n * 32);
    for (int r = 0; r < n; ++r) {
        int len = 4 + (int)((rng.next() >> 8) % 57u);
        int band = n / len;
        for (int k = 0; k < len; ++k) {
            col_idx.push_back(k * band + (int)((rng.next() >> 8) % (uint32_t)band));
            vals.push_back(rng.uniform() * 2.0f - 1.0f);
        }
        row_ptr[r + 1] = (int)col_idx.size();
    }
    const int nnz = row_ptr[n];
    std::vector<float> x(n);
    for (auto& v : x) v = rng.uniform() * 2.0f - 1.0f;

    int *d_row_ptr, *d_col;
    float *d_vals, *d_x, *d_y;
    CUDA_CHECK(cudaMalloc(&d_row_ptr, (n + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_col, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_vals, nnz * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_row_ptr, row_ptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_col, col_idx.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vals, vals.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    const int threads = 128;
    const int blocks = (n + threads - 1) / threads;
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    spmv_csr_scalar<<<blocks, threads>>>(n, d_row_ptr, d_col, d_vals, d_x, d_y);  // warm-up
    CUDA_CHECK(cudaEventRecord(start));
    for (int r = 0; r < reps; ++r) spmv_csr_scalar<<<blocks, threads>>>(n, d_row_ptr, d_col, d_vals, d_x, d_y);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<float> y(n);
    CUDA_CHECK(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0;
    double abs_checksum = 0.0;
    for (int r = 0; r < n; ++r) {
        double ref = 0.0, mag = 0.0;
        for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) {
            double t = (double)vals[k] * x[col_idx[k]];
            ref += t;
            mag += fabs(t);
        }
        if (fabs(y[r] - ref) > 1e-5 * mag + 1e-6) ++bad;
        abs_checksum += fabs((double)y[r]);
    }
    printf("RESULT nnz %d\n", nnz);
    printf("RESULT abs_checksum %.9g\n", abs_checksum);
    printf("RESULT samples %.6g %.6g %.6g %.6g %.6g\n", y[0], y[1], y[n / 2], y[n - 2], y[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "nnz %d, %.3f ms per SpMV, %.1f GFLOP/s, mismatches %d\n", nnz, ms / reps,
            2.0 * nnz * reps / (ms * 1e-3) / 1e9, bad);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_row_ptr));
    CUDA_CHECK(cudaFree(d_col));
    CUDA_CHECK(cudaFree(d_vals));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
