// Direct 2-D convolution, NCHW layout, 3x3 filters with zero padding 1 and stride 1, fused bias + ReLU.
// All threads of a warp use the same filter tap at the same time, which is the access pattern constant
// memory broadcasts well.
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

#define C_IN 16
#define C_OUT 32
#define KSIZE 3
#define PAD 1
#define TILE 16
#define IN_TILE (TILE + KSIZE - 1)

__constant__ float c_weights[C_OUT * C_IN * KSIZE * KSIZE];
__constant__ float c_bias[C_OUT];

__global__ void conv2d_3x3_relu(const float* __restrict__ in, float* __restrict__ out, int H, int W) {
    __shared__ float tile[IN_TILE][IN_TILE];
    const int n = blockIdx.z / C_OUT;
    const int k = blockIdx.z % C_OUT;
    const int ox = blockIdx.x * TILE + threadIdx.x;
    const int oy = blockIdx.y * TILE + threadIdx.y;
    const int tid = threadIdx.y * TILE + threadIdx.x;
    // top-left input pixel of this block's tile, including the halo
    const int ix0 = blockIdx.x * TILE - PAD;
    const int iy0 = blockIdx.y * TILE - PAD;

    float acc = c_bias[k];
    for (int c = 0; c < C_IN; ++c) {
        const float* plane = in + ((size_t)n * C_IN + c) * H * W;
        for (int i = tid; i < IN_TILE * IN_TILE; i += TILE * TILE) {
            const int ty = i / IN_TILE, tx = i % IN_TILE;
            const int gy = iy0 + ty, gx = ix0 + tx;
            tile[ty][tx] = (gy >= 0 && gy < H && gx >= 0 && gx < W) ? plane[(size_t)gy * W + gx] : 0.0f;
        }
        __syncthreads();
        const float* w = &c_weights[(k * C_IN + c) * KSIZE * KSIZE];
#pragma unroll
        for (int r = 0; r < KSIZE; ++r)
#pragma unroll
            for (int s = 0; s < KSIZE; ++s) acc += w[r * KSIZE + s] * tile[threadIdx.y + r][threadIdx.x + s];
        __syncthreads();
    }
    if (ox < W && oy < H) out[(((size_t)n * C_OUT + k) * H + oy) * W + ox] = fmaxf(acc, 0.0f);
}

int main(int argc, char** argv) {
    const int N = (argc > 1) ? atoi(argv[1]) : 8;
    const int H = 64, W = 64;
    const size_t in_count = (size_t)N * C_IN * H * W;
    const size_t out_count = (size_t)N * C_OUT * H * W;

    uint32_t seed = 8675309u;
    auto uniform = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return (float)(seed >> 8) * (2.0f / 16777216.0f) - 1.0f;
    };
    std::vector<float> h_in(in_count), h_out(out_count), h_w(C_OUT * C_IN * KSIZE * KSIZE), h_b(C_OUT);
    for (auto& v : h_in) v = uniform();
    for (auto& v : h_w) v = uniform() * 0.25f;
    for (auto& v : h_b) v = uniform() * 0.1f;

    CUDA_CHECK(cudaMemcpyToSymbol(c_weights, h_w.data(), h_w.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpyToSymbol(c_bias, h_b.data(), h_b.size() * sizeof(float)));

    float *d_in, *d_out;
    CUDA_CHECK(cudaMalloc(&d_in, in_count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_out, out_count * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), in_count * sizeof(float), cudaMemcpyHostToDevice));

    dim3 block(TILE, TILE);
    dim3 grid((W + TILE - 1) / TILE, (H + TILE - 1) / TILE, N * C_OUT);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    conv2d_3x3_relu<<<grid, block>>>(d_in, d_out, H, W);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaMemcpy(h_out.data(), d_out, out_count * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    double abs_sum = 0.0;
    size_t positives = 0;
    for (int n = 0; n < N; ++n)
        for (int k = 0; k < C_OUT; ++k)
            for (int y = 0; y < H; ++y)
                for (int x = 0; x < W; ++x) {
                    double acc = h_b[k];
                    for (int c = 0; c < C_IN; ++c)
                        for (int r = 0; r < KSIZE; ++r)
                            for (int s = 0; s < KSIZE; ++s) {
                                const int iy = y + r - PAD, ix = x + s - PAD;
                                if (iy < 0 || iy >= H || ix < 0 || ix >= W) continue;
                                acc += (double)h_w[((k * C_IN + c) * KSIZE + r) * KSIZE + s] *
                                       h_in[(((size_t)n * C_IN + c) * H + iy) * W + ix];
                            }
                    const double ref = acc > 0.0 ? acc : 0.0;
                    const float got = h_out[(((size_t)n * C_OUT + k) * H + y) * W + x];
                    if (fabs(got - ref) > 1e-5 + 1e-4 * fabs(ref)) {
                        if (ok) fprintf(stderr, "(%d,%d,%d,%d): gpu %f cpu %f\n", n, k, y, x, got, ref);
                        ok = false;
                    }
                    abs_sum += got;
                    positives += got > 0.0f;
                }

    printf("RESULT sum %.6g\n", abs_sum);
    printf("RESULT positives %zu\n", positives);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", h_out[0], h_out[W + 1], h_out[out_count / 2 + 77], h_out[out_count - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
