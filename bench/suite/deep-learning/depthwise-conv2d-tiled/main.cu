// Depthwise convolution: out[n][c] = in[n][c] (*) w[c] + b[c]. Each block loads a (32 + K - 1)^2 input
// tile with halo into dynamic shared memory and each of its 32x8 threads computes 4 output rows.
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

constexpr int TILE_W = 32;
constexpr int TILE_H = 32;
constexpr int BLOCK_Y = 8;

template <int K>
__global__ void depthwise_conv2d(const float* __restrict__ in, const float* __restrict__ weights,
                                 const float* __restrict__ bias, float* __restrict__ out, int C, int H, int W) {
    constexpr int PAD = K / 2;
    constexpr int IN_W = TILE_W + K - 1;
    constexpr int IN_H = TILE_H + K - 1;
    extern __shared__ float tile[];  // IN_H x IN_W

    const int plane_idx = blockIdx.z;  // n * C + c
    const int c = plane_idx % C;
    const float* plane = in + (size_t)plane_idx * H * W;
    const int x0 = blockIdx.x * TILE_W - PAD;
    const int y0 = blockIdx.y * TILE_H - PAD;
    const int tid = threadIdx.y * TILE_W + threadIdx.x;

    for (int i = tid; i < IN_H * IN_W; i += TILE_W * BLOCK_Y) {
        const int ty = i / IN_W, tx = i % IN_W;
        const int gy = y0 + ty, gx = x0 + tx;
        tile[i] = (gy >= 0 && gy < H && gx >= 0 && gx < W) ? plane[(size_t)gy * W + gx] : 0.0f;
    }
    __syncthreads();

    float w[K * K];
#pragma unroll
    for (int i = 0; i < K * K; ++i) w[i] = weights[c * K * K + i];
    const float b = bias[c];

    const int ox = blockIdx.x * TILE_W + threadIdx.x;
    for (int ry = threadIdx.y; ry < TILE_H; ry += BLOCK_Y) {
        const int oy = blockIdx.y * TILE_H + ry;
        float acc = b;
#pragma unroll
        for (int r = 0; r < K; ++r)
#pragma unroll
            for (int s = 0; s < K; ++s) acc += w[r * K + s] * tile[(ry + r) * IN_W + threadIdx.x + s];
        if (ox < W && oy < H) out[(size_t)plane_idx * H * W + (size_t)oy * W + ox] = acc;
    }
}

template <int K>
static bool run_depthwise(int N, int C, int H, int W, uint32_t seed, float* total_ms) {
    const size_t count = (size_t)N * C * H * W;
    auto uniform = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (float)(seed >> 8) * (2.0f / 16777216.0f) - 1.0f;
    };
    std::vector<float> h_in(count), h_out(count), h_w((size_t)C * K * K), h_b(C);
    for (auto& v : h_in) v = uniform();
    for (auto& v : h_w) v = uniform() / K;
    for (auto& v : h_b) v = 0.1f * uniform();

    float *d_in, *d_out, *d_w, *d_b;
    CUDA_CHECK(cudaMalloc(&d_in, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_out, count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_w, h_w.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_b, h_b.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_w, h_w.data(), h_w.size() * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_b, h_b.data(), h_b.size() * sizeof(float), cudaMemcpyHostToDevice));

    dim3 block(TILE_W, BLOCK_Y);
    dim3 grid((W + TILE_W - 1) / TILE_W, (H + TILE_H - 1) / TILE_H, N * C);
    const size_t smem = (size_t)(TILE_H + K - 1) * (TILE_W + K - 1) * sizeof(float);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    depthwise_conv2d<K><<<grid, block, smem>>>(d_in, d_w, d_b, d_out, C, H, W);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    *total_ms += ms;
    CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, count * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    double abs_sum = 0.0;
    const int pad = K / 2;
    for (int p = 0; p < N * C; ++p) {
        const int c = p % C;
        const float* plane = &h_in[(size_t)p * H * W];
        for (int y = 0; y < H; ++y)
            for (int x = 0; x < W; ++x) {
                double acc = h_b[c];
                for (int r = 0; r < K; ++r)
                    for (int s = 0; s < K; ++s) {
                        const int iy = y + r - pad, ix = x + s - pad;
                        if (iy >= 0 && iy < H && ix >= 0 && ix < W)
                            acc += (double)h_w[c * K * K + r * K + s] * plane[(size_t)iy * W + ix];
                    }
                const float got = h_out[(size_t)p * H * W + (size_t)y * W + x];
                if (fabs(got - acc) > 1e-5 + 1e-4 * fabs(acc)) {
                    if (ok) fprintf(stderr, "K=%d plane %d (%d,%d): gpu %f cpu %f\n", K, p, y, x, got, acc);
                    ok = false;
                }
                abs_sum += fabs(got);
            }
    }
    printf("RESULT k%d_abs_sum %.6g\n", K, abs_sum);
    printf("RESULT k%d_samples %.6g %.6g %.6g %.6g\n", K, h_out[0], h_out[W + 1], h_out[count / 2 + 3], h_out[count - 1]);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_w));
    CUDA_CHECK(cudaFree(d_b));
    return ok;
}

int main(int argc, char** argv) {
    const int N = (argc > 1) ? atoi(argv[1]) : 4;
    const int C = (argc > 2) ? atoi(argv[2]) : 64;
    const int HW = (argc > 3) ? atoi(argv[3]) : 128;
    float total_ms = 0.0f;
    bool ok = run_depthwise<3>(N, C, HW, HW, 5u, &total_ms);
    ok &= run_depthwise<5>(N, C, HW, HW, 6u, &total_ms);
    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
