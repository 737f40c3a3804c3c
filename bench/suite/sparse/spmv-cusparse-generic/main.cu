// SpMV through cuSPARSE's generic API. The matrix is a random CSR (sorted, distinct columns),
// alpha and beta are both non-trivial so the beta*y path is exercised.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

#define CUSPARSE_CHECK(call)                                                              \
    do {                                                                                  \
        cusparseStatus_t st_ = (call);                                                    \
        if (st_ != CUSPARSE_STATUS_SUCCESS) {                                             \
            fprintf(stderr, "cuSPARSE error %s at %s:%d: %s\n", #call, __FILE__,          \
                    __LINE__, cusparseGetErrorString(st_));                               \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

int main(int argc, char** argv) {
    const int rows = argc > 1 ? atoi(argv[1]) : 200000;
    const int cols = rows + rows / 2;  // rectangular on purpose
    const float alpha = 1.5f, beta = -0.25f;
    const int reps = 5;

    uint32_t s = 271828u;
    auto next = [&s]() { return s = s * 1664525u + 1013904223u; };
    auto unif = [&]() { return (float)(next() >> 8) / 16777216.0f; };
    std::vector<int> row_ptr(rows + 1, 0), col_idx;
    std::vector<float> vals;
    for (int r = 0; r < rows; ++r) {
        int len = 1 + (int)((next() >> 8) % 48u);
        int band = cols / len;
        for (int k = 0; k < len; ++k) {
            col_idx.push_back(k * band + (int)((next() >> 8) % (uint32_t)band));
            vals.push_back(unif() * 2.0f - 1.0f);
        }
        row_ptr[r + 1] = (int)col_idx.size();
    }
    const int nnz = row_ptr[rows];
    std::vector<float> x(cols), y0(rows);
    for (auto& v : x) v = unif() * 2.0f - 1.0f;
    for (auto& v : y0) v = unif();

    int *d_row_ptr, *d_col;
    float *d_vals, *d_x, *d_y;
    CUDA_CHECK(cudaMalloc(&d_row_ptr, (rows + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_col, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_vals, nnz * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_x, cols * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, rows * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_row_ptr, row_ptr.data(), (rows + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_col, col_idx.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vals, vals.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), cols * sizeof(float), cudaMemcpyHostToDevice));

    cusparseHandle_t handle;
    CUSPARSE_CHECK(cusparseCreate(&handle));
    cusparseSpMatDescr_t matA;
    cusparseDnVecDescr_t vecX, vecY;
    CUSPARSE_CHECK(cusparseCreateCsr(&matA, rows, cols, nnz, d_row_ptr, d_col, d_vals,
                                     CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                     CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    CUSPARSE_CHECK(cusparseCreateDnVec(&vecX, cols, d_x, CUDA_R_32F));
    CUSPARSE_CHECK(cusparseCreateDnVec(&vecY, rows, d_y, CUDA_R_32F));

    size_t buffer_size = 0;
    CUSPARSE_CHECK(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA,
                                           vecX, &beta, vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT,
                                           &buffer_size));
    void* d_buffer = nullptr;
    if (buffer_size) CUDA_CHECK(cudaMalloc(&d_buffer, buffer_size));
    fprintf(stderr, "SpMV workspace: %zu bytes\n", buffer_size);

    // Warm-up (library start-up); y is reset before every timed call anyway.
    CUDA_CHECK(cudaMemset(d_y, 0, rows * sizeof(float)));
    CUSPARSE_CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX, &beta, vecY,
                                CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, d_buffer));
    // Each timed call starts from the same y0, so the result is one alpha*A*x + beta*y0.
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    float total_ms = 0.f;
    for (int r = 0; r < reps; ++r) {
        CUDA_CHECK(cudaMemcpy(d_y, y0.data(), rows * sizeof(float), cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaEventRecord(start));
        CUSPARSE_CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, matA, vecX,
                                    &beta, vecY, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, d_buffer));
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0.f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        total_ms += ms;
    }
    std::vector<float> y(rows);
    CUDA_CHECK(cudaMemcpy(y.data(), d_y, rows * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0;
    double abs_sum = 0.0;
    for (int r = 0; r < rows; ++r) {
        double acc = 0.0, mag = 0.0;
        for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) {
            double t = (double)vals[k] * x[col_idx[k]];
            acc += t;
            mag += fabs(t);
        }
        double ref = alpha * acc + beta * (double)y0[r];
        double scale = fabs(alpha) * mag + fabs(beta * y0[r]);
        if (fabs(y[r] - ref) > 1e-5 * scale + 1e-6) ++bad;
        abs_sum += fabs((double)y[r]);
    }
    printf("RESULT nnz %d\n", nnz);
    printf("RESULT abs_checksum %.9g\n", abs_sum);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", y[0], y[rows / 3], y[rows / 2], y[rows - 1]);
    printf("TIME_MS %.4f\n", total_ms);
    fprintf(stderr, "mismatches %d\n", bad);

    CUSPARSE_CHECK(cusparseDestroySpMat(matA));
    CUSPARSE_CHECK(cusparseDestroyDnVec(vecX));
    CUSPARSE_CHECK(cusparseDestroyDnVec(vecY));
    CUSPARSE_CHECK(cusparseDestroy(handle));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    if (d_buffer) CUDA_CHECK(cudaFree(d_buffer));
    CUDA_CHECK(cudaFree(d_row_ptr));
    CUDA_CHECK(cudaFree(d_col));
    CUDA_CHECK(cudaFree(d_vals));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
