// Batched GEMM: matrices of one batch are packed back to back with a fixed stride, so one
// library call covers the whole batch. The same products computed with a loop of cublasSgemm
// calls give a timing baseline and must agree with the batched result.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cublas_v2.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

#define CUBLAS_CHECK(call)                                                                \
    do {                                                                                  \
        cublasStatus_t st_ = (call);                                                      \
        if (st_ != CUBLAS_STATUS_SUCCESS) {                                               \
            fprintf(stderr, "cuBLAS error %d (%s) at %s:%d\n", (int)st_, #call, __FILE__, \
                    __LINE__);                                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

int main(int argc, char** argv) {
    const int batch = argc > 1 ? atoi(argv[1]) : 256;
    const int m = 96, n = 64, k = 80;
    const long long strideA = (long long)m * k, strideB = (long long)k * n, strideC = (long long)m * n;
    const float alpha = 1.0f, beta = 0.0f;

    std::vector<float> A(strideA * batch), B(strideB * batch);
    uint32_t s = 31415u;
    for (auto& v : A) {
        s = s * 1664525u + 1013904223u;
        v = (float)(s >> 8) / 8388608.0f - 1.0f;
    }
    for (auto& v : B) {
        s = s * 1664525u + 1013904223u;
        v = (float)(s >> 8) / 8388608.0f - 1.0f;
    }

    float *d_A, *d_B, *d_C, *d_C_loop;
    CUDA_CHECK(cudaMalloc(&d_A, A.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_B, B.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_C, strideC * batch * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_C_loop, strideC * batch * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_A, A.data(), A.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_B, B.data(), B.size() * sizeof(float), cudaMemcpyHostToDevice));

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    cublasHandle_t handle;
    CUBLAS_CHECK(cublasCreate(&handle));
    CUBLAS_CHECK(cublasSetStream(handle, stream));
    CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_PEDANTIC_MATH));

    // Warm-up so the timed calls do not include library start-up.
    CUBLAS_CHECK(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, d_A, m,
                                           strideA, d_B, k, strideB, &beta, d_C, m, strideC, batch));
    cudaEvent_t e0, e1, e2;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventCreate(&e2));
    CUDA_CHECK(cudaEventRecord(e0, stream));
    CUBLAS_CHECK(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, d_A, m,
                                           strideA, d_B, k, strideB, &beta, d_C, m, strideC, batch));
    CUDA_CHECK(cudaEventRecord(e1, stream));
    for (int b = 0; b < batch; ++b)
        CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &alpha, d_A + b * strideA, m,
                                 d_B + b * strideB, k, &beta, d_C_loop + b * strideC, m));
    CUDA_CHECK(cudaEventRecord(e2, stream));
    CUDA_CHECK(cudaEventSynchronize(e2));
    float ms_batched = 0.f, ms_loop = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms_batched, e0, e1));
    CUDA_CHECK(cudaEventElapsedTime(&ms_loop, e1, e2));

    std::vector<float> C(strideC * batch), C_loop(strideC * batch);
    CUDA_CHECK(cudaMemcpy(C.data(), d_C, C.size() * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(C_loop.data(), d_C_loop, C_loop.size() * sizeof(float), cudaMemcpyDeviceToHost));

    long bad = 0;
    std::vector<double> fro(batch, 0.0);
    for (int b = 0; b < batch; ++b) {
        const float* Ab = &A[b * strideA];
        const float* Bb = &B[b * strideB];
        for (int j = 0; j < n; ++j)
            for (int i = 0; i < m; ++i) {
                double acc = 0.0, mag = 0.0;
                for (int p = 0; p < k; ++p) {
                    double t = (double)Ab[i + p * m] * Bb[p + j * k];
                    acc += t;
                    mag += fabs(t);
                }
                size_t idx = b * strideC + i + (size_t)j * m;
                if (fabs(C[idx] - acc) > 1e-5 * mag + 1e-6) ++bad;
                if (fabs(C_loop[idx] - acc) > 1e-5 * mag + 1e-6) ++bad;
                fro[b] += (double)C[idx] * C[idx];
            }
    }
    double fro_total = 0.0;
    for (double f : fro) fro_total += f;

    printf("RESULT frobenius_sq_total %.9g\n", fro_total);
    printf("RESULT frobenius_sq_batches %.6g %.6g %.6g %.6g\n", fro[0], fro[1], fro[batch / 2], fro[batch - 1]);
    printf("RESULT samples %.6g %.6g %.6g\n", C[0], C[strideC * batch / 2 + 17], C[strideC * batch - 1]);
    printf("TIME_MS %.4f\n", ms_batched);
    fprintf(stderr, "batched %.3f ms, loop of %d gemms %.3f ms, mismatches %ld\n", ms_batched, batch,
            ms_loop, bad);

    CUBLAS_CHECK(cublasDestroy(handle));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaEventDestroy(e0));
    CUDA_CHECK(cudaEventDestroy(e1));
    CUDA_CHECK(cudaEventDestroy(e2));
    CUDA_CHECK(cudaFree(d_A));
    CUDA_CHECK(cudaFree(d_B));
    CUDA_CHECK(cudaFree(d_C));
    CUDA_CHECK(cudaFree(d_C_loop));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
