// Naive column-major DGEMM in the BLAS calling convention: C = alpha * op(A) * B + beta * C, where
// element (i, j) of a column-major matrix X with leading dimension ldx sits at X[i + j * ldx].
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

#define IDX2C(i, j, ld) ((size_t)(j) * (ld) + (i))

enum class Op { N, T };

__device__ __forceinline__ double load_op(const double* A, int lda, Op op, int i, int k) {
    return (op == Op::N) ? A[IDX2C(i, k, lda)] : A[IDX2C(k, i, lda)];
}

__global__ void dgemm_naive(Op opA, int m, int n, int k, double alpha, const double* __restrict__ A, int lda,
                            const double* __restrict__ B, int ldb, double beta, double* __restrict__ C, int ldc) {
    // x walks rows so that consecutive threads touch consecutive elements of a column of C
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= m || j >= n) return;
    double acc = 0.0;
    for (int p = 0; p < k; ++p) acc += load_op(A, lda, opA, i, p) * B[IDX2C(p, j, ldb)];
    C[IDX2C(i, j, ldc)] = alpha * acc + beta * C[IDX2C(i, j, ldc)];
}

static void dgemm_ref(Op opA, int m, int n, int k, double alpha, const std::vector<double>& A, int lda,
                      const std::vector<double>& B, int ldb, double beta, std::vector<double>& C, int ldc) {
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < m; ++i) {
            double acc = 0.0;
            for (int p = 0; p < k; ++p)
                acc += ((opA == Op::N) ? A[IDX2C(i, p, lda)] : A[IDX2C(p, i, lda)]) * B[IDX2C(p, j, ldb)];
            C[IDX2C(i, j, ldc)] = alpha * acc + beta * C[IDX2C(i, j, ldc)];
        }
}

int main(int argc, char** argv) {
    const int m = (argc > 1) ? atoi(argv[1]) : 512;
    const int n = (argc > 2) ? atoi(argv[2]) : 384;
    const int k = (argc > 3) ? atoi(argv[3]) : 300;
    const double alpha = 0.75, beta = 0.25;
    // padded leading dimensions, as when operating on a sub-matrix of a bigger allocation
    const int ldaN = m + 3, ldaT = k + 5, ldb = k + 1, ldc = m + 7;

    uint32_t seed = 2718u;
    auto uniform = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (double)(seed >> 8) / 16777216.0 - 0.5;
    };
    std::vector<double> hAN((size_t)ldaN * k), hAT((size_t)ldaT * m), hB((size_t)ldb * n), hC0((size_t)ldc * n);
    for (auto& v : hAN) v = uniform();
    for (auto& v : hAT) v = uniform();
    for (auto& v : hB) v = uniform();
    for (auto& v : hC0) v = uniform();

    double *dAN, *dAT, *dB, *dC;
    CUDA_CHECK(cudaMalloc(&dAN, hAN.size() * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&dAT, hAT.size() * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&dB, hB.size() * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&dC, hC0.size() * sizeof(double)));
    CUDA_CHECK(cudaMemcpy(dAN, hAN.data(), hAN.size() * sizeof(double), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dAT, hAT.data(), hAT.size() * sizeof(double), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dB, hB.data(), hB.size() * sizeof(double), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    dim3 block(32, 8);
    dim3 grid((m + block.x - 1) / block.x, (n + block.y - 1) / block.y);

    bool ok = true;
    float total_ms = 0.0f;
    double abs_sums[2] = {0.0, 0.0};
    std::vector<double> hC(hC0.size()), ref(hC0.size());
    const Op ops[2] = {Op::N, Op::T};
    for (int t = 0; t < 2; ++t) {
        const double* dA = (ops[t] == Op::N) ? dAN : dAT;
        const int lda = (ops[t] == Op::N) ? ldaN : ldaT;
        CUDA_CHECK(cudaMemcpy(dC, hC0.data(), hC0.size() * sizeof(double), cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaEventRecord(start));
        dgemm_naive<<<grid, block>>>(ops[t], m, n, k, alpha, dA, lda, dB, ldb, beta, dC, ldc);
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        total_ms += ms;
        CUDA_CHECK(cudaMemcpy(hC.data(), dC, hC.size() * sizeof(double), cudaMemcpyDeviceToHost));

        ref = hC0;
        dgemm_ref(ops[t], m, n, k, alpha, (ops[t] == Op::N) ? hAN : hAT, lda, hB, ldb, beta, ref, ldc);
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
                const size_t idx = IDX2C(i, j, ldc);
                if (fabs(hC[idx] - ref[idx]) > 1e-9 + 1e-9 * fabs(ref[idx])) {
                    if (ok) fprintf(stderr, "op %d (%d,%d): gpu %.17g cpu %.17g\n", t, i, j, hC[idx], ref[idx]);
                    ok = false;
                }
                abs_sums[t] += fabs(hC[idx]);
            }
        // the padding rows between m and ldc must be untouched
        for (int j = 0; j < n && ok; ++j)
            for (int i = m; i < ldc; ++i)
                if (hC[IDX2C(i, j, ldc)] != hC0[IDX2C(i, j, ldc)]) {
                    fprintf(stderr, "padding (%d,%d) was written\n", i, j);
                    ok = false;
                    break;
                }
        printf("RESULT op%c_abs_sum %.9g\n", t == 0 ? 'N' : 'T', abs_sums[t]);
        printf("RESULT op%c_samples %.9g %.9g %.9g\n", t == 0 ? 'N' : 'T', hC[IDX2C(0, 0, ldc)],
               hC[IDX2C(m / 2, n / 3, ldc)], hC[IDX2C(m - 1, n - 1, ldc)]);
    }
    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(dAN));
    CUDA_CHECK(cudaFree(dAT));
    CUDA_CHECK(cudaFree(dB));
    CUDA_CHECK(cudaFree(dC));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
