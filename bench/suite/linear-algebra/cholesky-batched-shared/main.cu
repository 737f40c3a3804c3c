// Driver: builds SPD matrices A = M M^T / n + I, factorises them on the GPU and checks L and log det(A)
// against a double-precision CPU Cholesky.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>
#include "cholesky.cuh"

static uint32_t g_state = 77u;
static float next_uniform() {
    g_state = g_state * 1664525u + 1013904223u;
    return (float)(g_state >> 8) * (2.0f / 16777216.0f) - 1.0f;
}

static bool factor_and_check(int n, int batch, cudaEvent_t start, cudaEvent_t stop, float* total_ms) {
    const size_t count = (size_t)batch * n * n;
    std::vector<float> hA(count), hL(count), hLogdet(batch), Mtmp((size_t)n * n);
    std::vector<int> hInfo(batch);
    for (int b = 0; b < batch; ++b) {
        for (auto& v : Mtmp) v = next_uniform();
        float* A = &hA[(size_t)b * n * n];
        for (int i = 0; i < n; ++i)
            for (int j = 0; j <= i; ++j) {
                double s = 0.0;
                for (int k = 0; k < n; ++k) s += (double)Mtmp[i * n + k] * Mtmp[j * n + k];
                const float v = (float)(s / n + (i == j ? 1.0 : 0.0));
                A[i * n + j] = v;
                A[j * n + i] = v;
            }
    }

    float *dA, *dLogdet;
    int* dInfo;
    CUDA_CHECK(cudaMalloc(&dA, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dLogdet, batch * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dInfo, batch * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(dA, hA.data(), count * sizeof(float), cudaMemcpyHostToDevice));

    CUDA_CHECK(cudaEventRecord(start, 0));
    if (!cholesky_batched(dA, dLogdet, dInfo, n, batch, 0)) {
        fprintf(stderr, "unsupported size %d\n", n);
        return false;
    }
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    *total_ms += ms;

    CUDA_CHECK(cudaMemcpy(hL.data(), dA, count * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(hLogdet.data(), dLogdet, batch * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(hInfo.data(), dInfo, batch * sizeof(int), cudaMemcpyDeviceToHost));

    bool ok = true;
    double abs_sum = 0.0, logdet_sum = 0.0;
    std::vector<double> L((size_t)n * n);
    for (int b = 0; b < batch; ++b) {
        const float* A = &hA[(size_t)b * n * n];
        std::fill(L.begin(), L.end(), 0.0);
        double ref_logdet = 0.0;
        for (int j = 0; j < n; ++j) {
            double d = A[j * n + j];
            for (int k = 0; k < j; ++k) d -= L[j * n + k] * L[j * n + k];
            L[j * n + j] = std::sqrt(d);
            ref_logdet += 2.0 * std::log(L[j * n + j]);
            for (int i = j + 1; i < n; ++i) {
                double s = A[i * n + j];
                for (int k = 0; k < j; ++k) s -= L[i * n + k] * L[j * n + k];
                L[i * n + j] = s / L[j * n + j];
            }
        }
        const float* G = &hL[(size_t)b * n * n];
        for (int i = 0; i < n * n; ++i) {
            if (fabs(G[i] - L[i]) > 1e-5 + 1e-4 * fabs(L[i])) {
                if (ok) fprintf(stderr, "n=%d matrix %d elem %d: gpu %f cpu %f\n", n, b, i, G[i], L[i]);
                ok = false;
            }
            abs_sum += fabs(G[i]);
        }
        if (hInfo[b] != CHOL_OK || fabs(hLogdet[b] - ref_logdet) > 1e-4 + 1e-4 * fabs(ref_logdet)) {
            if (ok) fprintf(stderr, "n=%d matrix %d: info %d logdet gpu %f cpu %f\n", n, b, hInfo[b], hLogdet[b], ref_logdet);
            ok = false;
        }
        logdet_sum += hLogdet[b];
    }

    printf("RESULT n%d_abs_sum %.6g\n", n, abs_sum);
    printf("RESULT n%d_logdet %.6g %.6g %.6g %.6g\n", n, logdet_sum, hLogdet[0], hLogdet[batch / 2], hLogdet[batch - 1]);
    printf("RESULT n%d_L %.6g %.6g %.6g\n", n, hL[0], hL[(size_t)n + 1], hL[count - 1]);

    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dLogdet));
    CUDA_CHECK(cudaFree(dInfo));
    return ok;
}

int main(int argc, char** argv) {
    const int batch32 = (argc > 1) ? atoi(argv[1]) : 4096;
    const int batch16 = (argc > 2) ? atoi(argv[2]) : 8192;

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    float total_ms = 0.0f;
    bool ok = factor_and_check(32, batch32, start, stop, &total_ms);
    ok &= factor_and_check(16, batch16, start, stop, &total_ms);

    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
