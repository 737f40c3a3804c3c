// Triangular solve L x = b (L lower-triangular, row-major, non-unit diagonal) by blocked forward
// substitution. The block keeps the whole solution vector in shared memory; for each 32-row panel it
//   1. subtracts the contribution of the already solved unknowns (a GEMV over columns [0, panel)),
//   2. solves the 32x32 triangle on the diagonal with a single warp, one unknown per lane.
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

constexpr int PANEL = 32;
constexpr int THREADS = 256;
constexpr int WARPS = THREADS / 32;

__device__ __forceinline__ float warp_sum(float v) {
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// B and X hold nrhs column vectors of length n, each stored contiguously.
__global__ void trsv_lower_blocked(int n, const float* __restrict__ L, const float* __restrict__ B,
                                   float* __restrict__ X) {
    extern __shared__ float x[];  // n floats: right-hand side, overwritten by the solution
    const int rhs = blockIdx.x;
    const int lane = threadIdx.x & 31;
    const int warp = threadIdx.x >> 5;

    for (int i = threadIdx.x; i < n; i += blockDim.x) x[i] = B[(size_t)rhs * n + i];
    __syncthreads();

    for (int p = 0; p < n; p += PANEL) {
        // 1. panel update: x[r] -= L[r, 0:p] . x[0:p]   for r in [p, p + PANEL)
        if (p > 0) {
            for (int r = p + warp; r < p + PANEL && r < n; r += WARPS) {
                const float* Lr = L + (size_t)r * n;
                float dot = 0.0f;
                for (int j = lane; j < p; j += 32) dot += Lr[j] * x[j];
                dot = warp_sum(dot);
                if (lane == 0) x[r] -= dot;
            }
        }
        __syncthreads();

        // 2. diagonal triangle, warp 0 only: lane i owns unknown p + i
        if (warp == 0) {
            const int r = p + lane;
            float val = (r < n) ? x[r] : 0.0f;
            for (int i = 0; i < PANEL && p + i < n; ++i) {
                if (lane == i) val /= L[(size_t)r * n + r];
                const float xi = __shfl_sync(0xffffffffu, val, i);
                if (lane > i && r < n) val -= L[(size_t)r * n + p + i] * xi;
            }
            if (r < n) x[r] = val;
        }
        __syncthreads();
    }

    for (int i = threadIdx.x; i < n; i += blockDim.x) X[(size_t)rhs * n + i] = x[i];
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : 1024;
    const int nrhs = (argc > 2) ? atoi(argv[2]) : 64;

    uint32_t seed = 1234567u;
    auto uniform = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (float)(seed >> 8) * (1.0f / 16777216.0f);
    };
    // Diagonally dominant: |diag| >= 2 > sum of |off-diagonal| <= 2 * i / n. Keeps the solve stable.
    std::vector<float> hL((size_t)n * n, 0.0f), hB((size_t)n * nrhs), hX((size_t)n * nrhs);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < i; ++j) hL[(size_t)i * n + j] = (2.0f * uniform() - 1.0f) * (2.0f / n);
        hL[(size_t)i * n + i] = 2.0f + uniform();
    }
    for (auto& v : hB) v = 2.0f * uniform() - 1.0f;

    float *dL, *dB, *dX;
    CUDA_CHECK(cudaMalloc(&dL, hL.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dB, hB.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dX, hX.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dL, hL.data(), hL.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dB, hB.data(), hB.size() * sizeof(float), cudaMemcpyHostToDevice));

    const size_t smem = (size_t)n * sizeof(float);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    trsv_lower_blocked<<<nrhs, THREADS, smem>>>(n, dL, dB, dX);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaMemcpy(hX.data(), dX, hX.size() * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    double abs_sum = 0.0, max_err = 0.0;
    std::vector<double> ref(n);
    for (int c = 0; c < nrhs; ++c) {
        for (int i = 0; i < n; ++i) {
            double s = hB[(size_t)c * n + i];
            for (int j = 0; j < i; ++j) s -= (double)hL[(size_t)i * n + j] * ref[j];
            ref[i] = s / hL[(size_t)i * n + i];
        }
        for (int i = 0; i < n; ++i) {
            const double got = hX[(size_t)c * n + i];
            const double err = fabs(got - ref[i]);
            if (err > max_err) max_err = err;
            if (err > 1e-5 + 1e-4 * fabs(ref[i])) {
                if (ok) fprintf(stderr, "rhs %d row %d: gpu %.8f cpu %.8f\n", c, i, got, ref[i]);
                ok = false;
            }
            abs_sum += fabs(got);
        }
    }
    fprintf(stderr, "max abs error %.3e\n", max_err);

    printf("RESULT abs_sum %.6g\n", abs_sum);
    printf("RESULT x0 %.6g %.6g %.6g %.6g\n", hX[0], hX[31], hX[32], hX[n - 1]);
    printf("RESULT xlast %.6g %.6g\n", hX[(size_t)(nrhs - 1) * n], hX[(size_t)nrhs * n - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(dL));
    CUDA_CHECK(cudaFree(dB));
    CUDA_CHECK(cudaFree(dX));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
