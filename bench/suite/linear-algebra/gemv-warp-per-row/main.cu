// Matrix-vector product with one warp per matrix row. Lanes read the row with a stride of warpSize
// (coalesced), accumulate privately, and the warp folds the partial sums with __shfl_down_sync.
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

__inline__ __device__ float warp_reduce_sum(float v) {
    for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

// VEC4 requires cols % 4 == 0 and 16-byte aligned rows.
template <bool VEC4>
__global__ void sgemv_warp_row(int rows, int cols, float alpha, const float* __restrict__ A,
                               const float* __restrict__ x, float beta, float* __restrict__ y) {
    const int lane = threadIdx.x % warpSize;
    const int warps_per_block = blockDim.x / warpSize;
    const int row = blockIdx.x * warps_per_block + threadIdx.x / warpSize;
    if (row >= rows) return;  // whole warp leaves together, so the shuffles below stay convergent

    const float* a = A + (size_t)row * cols;
    float sum = 0.0f;
    if (VEC4) {
        const float4* a4 = reinterpret_cast<const float4*>(a);
        const float4* x4 = reinterpret_cast<const float4*>(x);
        for (int c = lane; c < cols / 4; c += warpSize) {
            const float4 av = a4[c];
            const float4 xv = x4[c];
            sum += av.x * xv.x + av.y * xv.y + av.z * xv.z + av.w * xv.w;
        }
    } else {
        for (int c = lane; c < cols; c += warpSize) sum += a[c] * x[c];
    }
    sum = warp_reduce_sum(sum);
    if (lane == 0) y[row] = alpha * sum + beta * y[row];
}

int main(int argc, char** argv) {
    const int rows = (argc > 1) ? atoi(argv[1]) : 16384;
    const int cols = (argc > 2) ? atoi(argv[2]) : 1024;
    const float alpha = 2.0f, beta = 0.5f;
    const int threads = 256;

    uint32_t seed = 17u;
    auto uniform = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (float)(seed >> 8) * (2.0f / 16777216.0f) - 1.0f;
    };
    std::vector<float> hA((size_t)rows * cols), hx(cols), hy0(rows), hy(rows);
    for (auto& v : hA) v = uniform();
    for (auto& v : hx) v = uniform();
    for (auto& v : hy0) v = uniform();

    float *dA, *dx, *dy;
    CUDA_CHECK(cudaMalloc(&dA, hA.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dx, hx.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dy, hy.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dA, hA.data(), hA.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dx, hx.data(), hx.size() * sizeof(float), cudaMemcpyHostToDevice));

    int warp_size = 32;
    CUDA_CHECK(cudaDeviceGetAttribute(&warp_size, cudaDevAttrWarpSize, 0));
    const int rows_per_block = threads / warp_size;
    const int blocks = (rows + rows_per_block - 1) / rows_per_block;

    std::vector<double> ref(rows);
    for (int r = 0; r < rows; ++r) {
        double s = 0.0;
        for (int c = 0; c < cols; ++c) s += (double)hA[(size_t)r * cols + c] * hx[c];
        ref[r] = alpha * s + beta * (double)hy0[r];
    }

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    bool ok = true;
    float total_ms = 0.0f;
    for (int variant = 0; variant < 2; ++variant) {
        const bool vec4 = (variant == 1) && (cols % 4 == 0);
        CUDA_CHECK(cudaMemcpy(dy, hy0.data(), hy0.size() * sizeof(float), cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaEventRecord(start));
        if (vec4)
            sgemv_warp_row<true><<<blocks, threads>>>(rows, cols, alpha, dA, dx, beta, dy);
        else
            sgemv_warp_row<false><<<blocks, threads>>>(rows, cols, alpha, dA, dx, beta, dy);
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        total_ms += ms;
        CUDA_CHECK(cudaMemcpy(hy.data(), dy, hy.size() * sizeof(float), cudaMemcpyDeviceToHost));
        for (int r = 0; r < rows; ++r)
            if (fabs(hy[r] - ref[r]) > 1e-4 + 1e-4 * fabs(ref[r])) {
                if (ok) fprintf(stderr, "variant %d row %d: gpu %f cpu %f\n", variant, r, hy[r], ref[r]);
                ok = false;
            }
    }

    double abs_sum = 0.0;
    for (float v : hy) abs_sum += fabs(v);
    printf("RESULT abs_sum %.6g\n", abs_sum);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", hy[0], hy[1], hy[rows / 2], hy[rows - 1]);
    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(dA));
    CUDA_CHECK(cudaFree(dx));
    CUDA_CHECK(cudaFree(dy));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
