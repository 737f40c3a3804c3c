// SAXPY with a grid-stride loop: the kernel is correct for any grid size, and the launch uses just enough
// blocks to fill the GPU (SM count x resident blocks per SM) instead of one thread per element.
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

__global__ void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = a * x[i] + y[i];
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : (1 << 24);
    const float a = (argc > 2) ? (float)atof(argv[2]) : 2.5f;

    std::vector<float> hx(n), hy(n), hout(n);
    uint32_t seed = 42u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        hx[i] = (float)(seed >> 8) * (2.0f / 16777216.0f) - 1.0f;
        seed = seed * 1664525u + 1013904223u;
        hy[i] = (float)(seed >> 8) * (2.0f / 16777216.0f) - 1.0f;
    }

    float *dx, *dy;
    CUDA_CHECK(cudaMalloc(&dx, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dy, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dx, hx.data(), (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dy, hy.data(), (size_t)n * sizeof(float), cudaMemcpyHostToDevice));

    const int threads = 256;
    int device = 0, sms = 0, blocks_per_sm = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, saxpy, threads, 0));
    const int blocks = sms * blocks_per_sm;
    fprintf(stderr, "%d SMs x %d blocks of %d threads\n", sms, blocks_per_sm, threads);

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    saxpy<<<blocks, threads>>>(n, a, dx, dy);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaMemcpy(hout.data(), dy, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    double abs_sum = 0.0;
    for (int i = 0; i < n; ++i) {
        const double ref = (double)a * hx[i] + hy[i];
        if (fabs(hout[i] - ref) > 1e-6 + 1e-6 * fabs(ref)) {
            if (ok) fprintf(stderr, "index %d: gpu %.9g cpu %.9g\n", i, hout[i], ref);
            ok = false;
        }
        abs_sum += fabs(hout[i]);
    }
    fprintf(stderr, "%.1f GB/s\n", 3.0 * n * sizeof(float) / ms / 1e6);

    printf("RESULT abs_sum %.9g\n", abs_sum);
    printf("RESULT samples %.9g %.9g %.9g %.9g\n", hout[0], hout[1], hout[n / 2], hout[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(dx));
    CUDA_CHECK(cudaFree(dy));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
