// Driver: builds a skewed random CSR matrix, uploads it, runs the warp-per-row SpMV several
// times, and checks y against a double-precision CPU product.
#include <cmath>
#include "csr.cuh"

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 200000;
    const int reps = 10;
    HostCsr h = make_skewed_csr(n, n, 0xC0FFEEu);
    const int nnz = h.nnz();
    std::vector<float> x(n);
    uint32_t s = 7u;
    for (auto& v : x) {
        s = s * 1664525u + 1013904223u;
        v = (float)(s >> 8) / 8388608.0f - 1.0f;
    }

    DeviceCsr d{n, n, nnz, nullptr, nullptr, nullptr};
    float *d_x, *d_y;
    CUDA_CHECK(cudaMalloc(&d.row_ptr, (n + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d.col_idx, nnz * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d.vals, nnz * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d.row_ptr, h.row_ptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d.col_idx, h.col_idx.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d.vals, h.vals.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_y, 0, n * sizeof(float)));

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    spmv_csr_vector(d, d_x, d_y, stream);  // warm-up
    CUDA_CHECK(cudaEventRecord(start, stream));
    for (int r = 0; r < reps; ++r) spmv_csr_vector(d, d_x, d_y, stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<float> y(n);
    CUDA_CHECK(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));

    int bad = 0, longest = 0;
    double abs_checksum = 0.0;
    for (int r = 0; r < n; ++r) {
        double ref = 0.0, mag = 0.0;
        for (int k = h.row_ptr[r]; k < h.row_ptr[r + 1]; ++k) {
            double t = (double)h.vals[k] * x[h.col_idx[k]];
            ref += t;
            mag += fabs(t);
        }
        if (fabs(y[r] - ref) > 1e-5 * mag + 1e-6) ++bad;
        abs_checksum += fabs((double)y[r]);
        int len = h.row_ptr[r + 1] - h.row_ptr[r];
        if (len > longest) longest = len;
    }
    printf("RESULT nnz %d\n", nnz);
    printf("RESULT longest_row %d\n", longest);
    printf("RESULT abs_checksum %.9g\n", abs_checksum);
    printf("RESULT samples %.6g %.6g %.6g %.6g %.6g\n", y[0], y[3], y[n / 2], y[n - 8], y[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "%.3f ms per SpMV, mismatches %d\n", ms / reps, bad);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(d.row_ptr));
    CUDA_CHECK(cudaFree(d.col_idx));
    CUDA_CHECK(cudaFree(d.vals));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
