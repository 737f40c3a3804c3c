// Numerically stable softmax of each row: y = exp(x - max) / sum(exp(x - max)).
// cub::BlockReduce does both block-wide reductions; the shared TempStorage is reused, which is
// legal only with a __syncthreads() between the two uses.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cub/block/block_reduce.cuh>
#include <cuda/functional>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) softmax_rows(const float* __restrict__ x, float* __restrict__ y,
                                                      float* __restrict__ row_sums, int cols) {
    using BlockReduce = cub::BlockReduce<float, BLOCK>;
    __shared__ typename BlockReduce::TempStorage temp;
    __shared__ float s_max, s_sum;

    const float* xr = x + (size_t)blockIdx.x * cols;
    float* yr = y + (size_t)blockIdx.x * cols;

    float local_max = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += BLOCK) local_max = fmaxf(local_max, xr[c]);
    float row_max = BlockReduce(temp).Reduce(local_max, cuda::maximum<float>{});
    if (threadIdx.x == 0) s_max = row_max;  // the aggregate is only valid in thread 0
    __syncthreads();

    float local_sum = 0.0f;
    for (int c = threadIdx.x; c < cols; c += BLOCK) local_sum += __expf(xr[c] - s_max);
    float row_sum = BlockReduce(temp).Sum(local_sum);
    if (threadIdx.x == 0) {
        s_sum = row_sum;
        row_sums[blockIdx.x] = row_sum;
    }
    __syncthreads();

    const float inv = 1.0f / s_sum;
    for (int c = threadIdx.x; c < cols; c += BLOCK) yr[c] = __expf(xr[c] - s_max) * inv;
}

int main(int argc, char** argv) {
    const int rows = argc > 1 ? atoi(argv[1]) : 4096;
    const int cols = argc > 2 ? atoi(argv[2]) : 2048;
    constexpr int kBlock = 256;
    const size_t total = (size_t)rows * cols;

    // Logits in [-8, 8) with a per-row offset, so the max subtraction matters.
    std::vector<float> x(total);
    uint32_t s = 9001u;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            s = s * 1664525u + 1013904223u;
            x[(size_t)r * cols + c] = (float)(s >> 8) / 1048576.0f - 8.0f + (float)(r % 13) * 5.0f;
        }

    float *d_x, *d_y, *d_sums;
    CUDA_CHECK(cudaMalloc(&d_x, total * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, total * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_sums, rows * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), total * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    softmax_rows<kBlock><<<rows, kBlock>>>(d_x, d_y, d_sums, cols);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<float> y(total), sums(rows);
    CUDA_CHECK(cudaMemcpy(y.data(), d_y, total * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(sums.data(), d_sums, rows * sizeof(float), cudaMemcpyDeviceToHost));

    long bad = 0;
    double entropy_total = 0.0, max_prob_total = 0.0;
    for (int r = 0; r < rows; ++r) {
        const float* xr = &x[(size_t)r * cols];
        double m = xr[0];
        for (int c = 1; c < cols; ++c) m = fmax(m, (double)xr[c]);
        double z = 0.0;
        for (int c = 0; c < cols; ++c) z += exp(xr[c] - m);
        if (fabs(sums[r] - z) > 1e-4 * z) ++bad;
        double row_total = 0.0, ent = 0.0, pmax = 0.0;
        for (int c = 0; c < cols; ++c) {
            double ref = exp(xr[c] - m) / z;
            double g = y[(size_t)r * cols + c];
            if (fabs(g - ref) > 1e-4 * ref + 1e-9) ++bad;
            row_total += g;
            if (g > 0) ent -= g * log(g);
            pmax = fmax(pmax, g);
        }
        if (fabs(row_total - 1.0) > 1e-4) ++bad;
        entropy_total += ent;
        max_prob_total += pmax;
    }
    printf("RESULT mean_entropy %.9g\n", entropy_total / rows);
    printf("RESULT mean_max_prob %.9g\n", max_prob_total / rows);
    printf("RESULT row_sums %.6g %.6g %.6g\n", sums[0], sums[rows / 2], sums[rows - 1]);
    printf("RESULT probs %.6g %.6g %.6g\n", y[0], y[total / 2 + 3], y[total - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "%d x %d softmax, mismatches %ld\n", rows, cols, bad);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    CUDA_CHECK(cudaFree(d_sums));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
