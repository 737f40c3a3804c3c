// 1-D "same"-size convolution with a runtime-length kernel held in global memory.
// Each block stages its output span plus a halo of (K - 1) input samples in dynamic shared
// memory (extern __shared__); the block also copies the filter into shared memory behind it.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                     \
    do {                                                                                     \
        cudaError_t err = (call);                                                            \
        if (err != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error: %s, line %d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err)); \
            exit(EXIT_FAILURE);                                                              \
        }                                                                                    \
    } while (0)

// out[i] = sum_{k=0}^{K-1} w[k] * in[i + k - R], R = K / 2, zero outside [0, n).
__global__ void conv1d_same(const float* __restrict__ in, const float* __restrict__ w, float* __restrict__ out,
                            int n, int K) {
    extern __shared__ float smem[];
    const int R = K / 2;
    const int span = blockDim.x + K - 1;
    float* tile = smem;          // span input samples
    float* filt = smem + span;   // K filter taps
    const int base = blockIdx.x * blockDim.x - R;

    for (int t = threadIdx.x; t < span; t += blockDim.x) {
        const int g = base + t;
        tile[t] = (g >= 0 && g < n) ? in[g] : 0.f;
    }
    for (int t = threadIdx.x; t < K; t += blockDim.x) filt[t] = w[t];
    __syncthreads();

    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float acc = 0.f;
    for (int k = 0; k < K; ++k) acc += filt[k] * tile[threadIdx.x + k];
    out[i] = acc;
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 4000000;
    const int K = argc > 2 ? atoi(argv[2]) : 101;
    const int threads = 256;

    std::vector<float> x(n), w(K);
    uint32_t s = 0x1234567u;
    for (int i = 0; i < n; ++i) {
        s ^= s << 13; s ^= s >> 17; s ^= s << 5;
        x[i] = (float)(s & 0xffff) / 65536.0f - 0.5f;
    }
    // A Gaussian derivative filter (antisymmetric): a smoothed first-difference operator.
    double norm = 0;
    for (int k = 0; k < K; ++k) {
        double m = k - K / 2, sg = K / 6.0;
        w[k] = (float)(-m * std::exp(-m * m / (2 * sg * sg)));
        norm += std::fabs(w[k]);
    }
    for (int k = 0; k < K; ++k) w[k] = (float)(w[k] / norm);

    float *d_x, *d_w, *d_y;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_w, K * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_w, w.data(), K * sizeof(float), cudaMemcpyHostToDevice));

    const size_t shmem = (threads + K - 1 + K) * sizeof(float);
    const int blocks = (n + threads - 1) / threads;
    cudaEvent_t e0, e1;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventRecord(e0));
    conv1d_same<<<blocks, threads, shmem>>>(d_x, d_w, d_y, n, K);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    std::vector<float> y(n);
    CUDA_CHECK(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));

    double max_err = 0, l1 = 0;
    const int R = K / 2;
    for (int i = 0; i < n; ++i) {
        double acc = 0;
        for (int k = 0; k < K; ++k) {
            int g = i + k - R;
            if (g >= 0 && g < n) acc += (double)w[k] * x[g];
        }
        max_err = std::max(max_err, std::fabs(y[i] - acc));
        l1 += std::fabs(y[i]);
    }
    const bool ok = max_err < 1e-5;
    printf("RESULT l1 %.6g\n", l1);
    printf("RESULT samples %.6g %.6g %.6g %.6g %.6g\n", y[0], y[R], y[n / 2], y[n - R - 1], y[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g\n", max_err);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_x);
    cudaFree(d_w);
    cudaFree(d_y);
    return ok ? 0 : 1;
}
