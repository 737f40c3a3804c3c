// One-pass reduction: each warp reduces in registers with __shfl_down_sync, warp leaders park their sums
// in shared memory, the first warp folds those, and one thread per block adds into the global result.
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

#define FULL_MASK 0xffffffffu
constexpr int kThreads = 256;

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = warpSize / 2; offset > 0; offset >>= 1) v += __shfl_down_sync(FULL_MASK, v, offset);
    return v;
}

__global__ void sum_and_squares(const float* __restrict__ x, int n, float* __restrict__ result) {
    __shared__ float warp_sums[2][32];
    float s = 0.0f, s2 = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float v = x[i];
        s += v;
        s2 += v * v;
    }
    s = warp_sum(s);
    s2 = warp_sum(s2);

    const int lane = threadIdx.x % warpSize;
    const int warp = threadIdx.x / warpSize;
    if (lane == 0) {
        warp_sums[0][warp] = s;
        warp_sums[1][warp] = s2;
    }
    __syncthreads();

    if (warp == 0) {
        const int nwarps = blockDim.x / warpSize;
        s = (lane < nwarps) ? warp_sums[0][lane] : 0.0f;
        s2 = (lane < nwarps) ? warp_sums[1][lane] : 0.0f;
        s = warp_sum(s);
        s2 = warp_sum(s2);
        if (lane == 0) {
            atomicAdd(&result[0], s);
            atomicAdd(&result[1], s2);
        }
    }
}

int main(int argc, char** argv) {
    int n = (argc > 1) ? atoi(argv[1]) : (1 << 23);

    std::vector<float> h_x(n);
    uint32_t seed = 2024u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        h_x[i] = (float)(seed >> 8) * (1.0f / 16777216.0f) * 2.0f - 0.5f;  // [-0.5, 1.5)
    }

    int device = 0, num_sms = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&num_sms, cudaDevAttrMultiProcessorCount, device));
    const int blocks = num_sms * 8;

    float *d_x = nullptr, *d_result = nullptr;
    CUDA_CHECK(cudaMalloc(&d_x, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_result, 2 * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), (size_t)n * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    CUDA_CHECK(cudaMemset(d_result, 0, 2 * sizeof(float)));
    CUDA_CHECK(cudaEventRecord(start));
    sum_and_squares<<<blocks, kThreads>>>(d_x, n, d_result);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    float h_result[2];
    CUDA_CHECK(cudaMemcpy(h_result, d_result, sizeof(h_result), cudaMemcpyDeviceToHost));

    double ref_s = 0.0, ref_s2 = 0.0;
    for (int i = 0; i < n; ++i) {
        ref_s += h_x[i];
        ref_s2 += (double)h_x[i] * h_x[i];
    }
    const double mean = h_result[0] / n;
    const double var = h_result[1] / n - mean * mean;

    // float accumulation in a different order than the double reference: relative tolerance
    bool ok = fabs(h_result[0] - ref_s) <= 1e-4 * fabs(ref_s) && fabs(h_result[1] - ref_s2) <= 1e-4 * fabs(ref_s2);
    if (!ok) fprintf(stderr, "gpu (%f, %f) vs cpu (%f, %f)\n", h_result[0], h_result[1], ref_s, ref_s2);

    printf("RESULT sum %.9g\n", h_result[0]);
    printf("RESULT sum_squares %.9g\n", h_result[1]);
    printf("RESULT mean_var %.6g %.6g\n", mean, var);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_result));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
