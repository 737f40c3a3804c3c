// Separable Gaussian blur: a horizontal pass and a vertical pass, each staging a tile plus
// its halo in shared memory. The filter taps live in constant memory; the radius is a
// template parameter so the tap loops unroll.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t e = (call);                                                            \
        if (e != cudaSuccess) {                                                            \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));     \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define MAX_RADIUS 8
#define BLOCK_X 32
#define BLOCK_Y 8

__constant__ float c_taps[2 * MAX_RADIUS + 1];

__device__ __forceinline__ int clampi(int v, int lo, int hi) { return min(max(v, lo), hi); }

template <int R>
__global__ void blur_rows(const float* __restrict__ src, float* __restrict__ dst, int width, int height) {
    static_assert(R <= BLOCK_X, "halo wider than the block");
    __shared__ float tile[BLOCK_Y][BLOCK_X + 2 * R];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x = blockIdx.x * BLOCK_X + tx;
    const int y = clampi(blockIdx.y * BLOCK_Y + ty, 0, height - 1);
    const float* row = src + (size_t)y * width;

    tile[ty][tx + R] = row[clampi(x, 0, width - 1)];
    if (tx < R) tile[ty][tx] = row[clampi(x - R, 0, width - 1)];
    if (tx >= BLOCK_X - R) tile[ty][tx + 2 * R] = row[clampi(x + R, 0, width - 1)];
    __syncthreads();

    const int yo = blockIdx.y * BLOCK_Y + ty;
    if (x >= width || yo >= height) return;
    float acc = 0.f;
#pragma unroll
    for (int k = -R; k <= R; ++k) acc += c_taps[k + R] * tile[ty][tx + R + k];
    dst[(size_t)yo * width + x] = acc;
}

template <int R>
__global__ void blur_cols(const float* __restrict__ src, float* __restrict__ dst, int width, int height) {
    static_assert(R <= BLOCK_Y, "halo taller than the block");
    __shared__ float tile[BLOCK_Y + 2 * R][BLOCK_X];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x = clampi(blockIdx.x * BLOCK_X + tx, 0, width - 1);
    const int y = blockIdx.y * BLOCK_Y + ty;

    tile[ty + R][tx] = src[(size_t)clampi(y, 0, height - 1) * width + x];
    if (ty < R) tile[ty][tx] = src[(size_t)clampi(y - R, 0, height - 1) * width + x];
    if (ty >= BLOCK_Y - R) tile[ty + 2 * R][tx] = src[(size_t)clampi(y + R, 0, height - 1) * width + x];
    __syncthreads();

    const int xo = blockIdx.x * BLOCK_X + tx;
    if (xo >= width || y >= height) return;
    float acc = 0.f;
#pragma unroll
    for (int k = -R; k <= R; ++k) acc += c_taps[k + R] * tile[ty + R + k][tx];
    dst[(size_t)y * width + xo] = acc;
}

struct Lcg {
    uint64_t s;
    explicit Lcg(uint64_t seed) : s(seed) {}
    float next() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return (float)((s >> 40) & 0xffffff) / 16777216.0f;
    }
};

template <int R>
void run_blur(const float* d_in, float* d_tmp, float* d_out, int w, int h) {
    dim3 block(BLOCK_X, BLOCK_Y);
    dim3 grid((w + BLOCK_X - 1) / BLOCK_X, (h + BLOCK_Y - 1) / BLOCK_Y);
    blur_rows<R><<<grid, block>>>(d_in, d_tmp, w, h);
    CUDA_CHECK(cudaGetLastError());
    blur_cols<R><<<grid, block>>>(d_tmp, d_out, w, h);
    CUDA_CHECK(cudaGetLastError());
}

int main(int argc, char** argv) {
    const int W = argc > 1 ? atoi(argv[1]) : 2000;
    const int H = argc > 2 ? atoi(argv[2]) : 1500;
    constexpr int R = 4;
    const float sigma = 1.6f;
    const size_t n = (size_t)W * H;

    float taps[2 * R + 1];
    double norm = 0.0;
    for (int k = -R; k <= R; ++k) norm += exp(-(double)k * k / (2.0 * sigma * sigma));
    for (int k = -R; k <= R; ++k) taps[k + R] = (float)(exp(-(double)k * k / (2.0 * sigma * sigma)) / norm);
    CUDA_CHECK(cudaMemcpyToSymbol(c_taps, taps, sizeof(taps)));

    std::vector<float> img(n);
    Lcg rng(7);
    for (size_t i = 0; i < n; ++i) img[i] = rng.next();

    float *d_in, *d_tmp, *d_out;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_tmp, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_in, img.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    run_blur<R>(d_in, d_tmp, d_out, W, H);
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<float> out(n);
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

    // CPU reference in double, same clamp-to-edge borders.
    std::vector<double> tmp(n);
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            double a = 0;
            for (int k = -R; k <= R; ++k) a += taps[k + R] * (double)img[(size_t)y * W + std::min(std::max(x + k, 0), W - 1)];
            tmp[(size_t)y * W + x] = a;
        }
    double max_err = 0, checksum = 0;
    int bad = 0;
    for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
            double a = 0;
            for (int k = -R; k <= R; ++k) a += taps[k + R] * tmp[(size_t)std::min(std::max(y + k, 0), H - 1) * W + x];
            double g = out[(size_t)y * W + x];
            double err = fabs(g - a);
            max_err = std::max(max_err, err);
            if (err > 1e-5 + 1e-4 * fabs(a)) ++bad;
            checksum += g;
        }

    printf("RESULT checksum %.9g\n", checksum);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", out[0], out[(size_t)W * (H / 2) + W / 2], out[n / 3], out[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g, %d bad pixels\n", max_err, bad);
    printf("%s\n", bad == 0 ? "PASS" : "FAIL");

    cudaFree(d_in);
    cudaFree(d_tmp);
    cudaFree(d_out);
    cudaEventDestroy(t0);
    cudaEventDestroy(t1);
    return bad == 0 ? 0 : 1;
}
