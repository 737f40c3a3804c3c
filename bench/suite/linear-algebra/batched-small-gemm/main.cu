// Batched GEMM for small matrices, C[b] = A[b] * B[b] (row-major DIM x DIM). A block of
// DIM x DIM x MATS threads handles MATS matrices at once: thread (x, y, z) computes C[z][y][x].
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

template <int DIM, int MATS>
__global__ void batched_gemm_small(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                                   int batch) {
    __shared__ float As[MATS][DIM][DIM + 1];
    __shared__ float Bs[MATS][DIM][DIM + 1];

    const int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    const int mat = blockIdx.x * MATS + z;
    const bool valid = mat < batch;  // no early return: every thread must reach __syncthreads
    const size_t base = (size_t)mat * DIM * DIM;

    As[z][y][x] = valid ? A[base + y * DIM + x] : 0.0f;
    Bs[z][y][x] = valid ? B[base + y * DIM + x] : 0.0f;
    __syncthreads();

    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < DIM; ++k) acc += As[z][y][k] * Bs[z][k][x];
    if (valid) C[base + y * DIM + x] = acc;
}

template <int DIM, int MATS>
static bool run_batch(int batch, uint32_t seed, float* total_ms, double* abs_sum, float samples[3]) {
    const size_t count = (size_t)batch * DIM * DIM;
    std::vector<float> hA(count), hB(count), hC(count);
    for (size_t i = 0; i < count; ++i) {
        seed = seed * 1664525u + 1013904223u;
        hA[i] = (float)(seed >> 8) * (2.0f / 16777216.0f) - 1.0f;
        seed = seed * 1664525u + 1013904223u;
        hB[i] = (float)(seed >> 8) * (2.0f / 16777216.0f) - 1.0f;
    }

    float *dA, *dB, *dC;
    CUDA_CHECK(cudaMalloc(&dA, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dB, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dC, count * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dA, hA.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dB, hB.data(), count * sizeof(float), cudaMemcpyHostToDevice));

    dim3 block(DIM, DIM, MATS);
    dim3 grid((batch + MATS - 1) / MATS);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    batched_gemm_small<DIM, MATS><<<grid, block>>>(dA, dB, dC, batch);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    *total_ms += ms;
    CUDA_CHECK(cudaMemcpy(hC.data(), dC, count * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    *abs_sum = 0.0;
    for (int b = 0; b < batch; ++b) {
        const size_t base = (size_t)b * DIM * DIM;
        for (int i = 0; i < DIM; ++i)
            for (int j = 0; j < DIM; ++j) {
                double ref = 0.0;
                for (int k = 0; k < DIM; ++k) ref += (double)hA[base + i * DIM + k] * hB[base + k * DIM + j];
                const float got = hC[base + i * DIM + j];
                if (fabs(got - ref) > 1e-5 + 1e-5 * fabs(ref)) {
                    if (ok) fprintf(stderr, "DIM %d batch %d (%d,%d): gpu %f cpu %f\n", DIM, b, i, j, got, ref);
                    ok = false;
                }
                *abs_sum += fabs(got);
            }
    }
    samples[0] = hC[0];
    samples[1] = hC[count / 2 + 3];
    samples[2] = hC[count - 1];

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dB));
    CUDA_CHECK(cudaFree(dC));
    return ok;
}

int main(int argc, char** argv) {
    const int batch8 = (argc > 1) ? atoi(argv[1]) : 20001;
    const int batch16 = (argc > 2) ? atoi(argv[2]) : 10001;

    float total_ms = 0.0f, s8[3], s16[3];
    double sum8 = 0.0, sum16 = 0.0;
    bool ok = run_batch<8, 8>(batch8, 11u, &total_ms, &sum8, s8);
    ok &= run_batch<16, 4>(batch16, 22u, &total_ms, &sum16, s16);

    printf("RESULT dim8 %.6g %.6g %.6g %.6g\n", sum8, s8[0], s8[1], s8[2]);
    printf("RESULT dim16 %.6g %.6g %.6g %.6g\n", sum16, s16[0], s16[1], s16[2]);
    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
