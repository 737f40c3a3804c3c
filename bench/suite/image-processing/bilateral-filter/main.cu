// Edge-preserving bilateral filter (7x7 window). The spatial Gaussian weights are precomputed
// on the host into constant memory; the range weight uses the fast __expf intrinsic.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        const cudaError_t error = call;                                                    \
        if (error != cudaSuccess) {                                                        \
            fprintf(stderr, "Error: %s:%d, code %d, reason: %s\n", __FILE__, __LINE__,     \
                    error, cudaGetErrorString(error));                                     \
            exit(1);                                                                       \
        }                                                                                  \
    } while (0)

#define RADIUS 3
#define DIAM (2 * RADIUS + 1)
#define BLOCK_W 32
#define BLOCK_H 8

__constant__ float c_spatial[DIAM * DIAM];

__global__ void __launch_bounds__(BLOCK_W * BLOCK_H)
bilateral(const float* __restrict__ in, float* __restrict__ out, int w, int h, float inv_two_sigma_r2) {
    const int x = blockIdx.x * BLOCK_W + threadIdx.x;
    const int y = blockIdx.y * BLOCK_H + threadIdx.y;
    if (x >= w || y >= h) return;
    const float center = in[y * w + x];
    float sum = 0.f, wsum = 0.f;
#pragma unroll
    for (int dy = -RADIUS; dy <= RADIUS; ++dy) {
        const int yy = min(max(y + dy, 0), h - 1);
#pragma unroll
        for (int dx = -RADIUS; dx <= RADIUS; ++dx) {
            const int xx = min(max(x + dx, 0), w - 1);
            const float v = in[yy * w + xx];
            const float d = v - center;
            const float wgt = c_spatial[(dy + RADIUS) * DIAM + dx + RADIUS] * __expf(-d * d * inv_two_sigma_r2);
            sum += wgt * v;
            wsum += wgt;
        }
    }
    out[y * w + x] = sum / wsum;
}

int main(int argc, char** argv) {
    const int w = argc > 1 ? atoi(argv[1]) : 1920;
    const int h = argc > 2 ? atoi(argv[2]) : 1080;
    const float sigma_s = 2.0f, sigma_r = 0.1f;
    const size_t n = (size_t)w * h;

    float spatial[DIAM * DIAM];
    for (int dy = -RADIUS; dy <= RADIUS; ++dy)
        for (int dx = -RADIUS; dx <= RADIUS; ++dx)
            spatial[(dy + RADIUS) * DIAM + dx + RADIUS] =
                (float)std::exp(-(dx * dx + dy * dy) / (2.0 * sigma_s * sigma_s));
    CUDA_CHECK(cudaMemcpyToSymbol(c_spatial, spatial, sizeof(spatial)));

    // Piecewise-constant regions (edges to preserve) plus Gaussian-ish noise.
    std::vector<float> img(n);
    uint64_t s = 42;
    auto uni = [&]() {
        s = s * 6364136223846793005ull + 1ull;
        return (float)(s >> 40) / 16777216.0f;
    };
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float base = ((x / 64 + y / 48) % 3) * 0.3f + 0.1f;
            float noise = (uni() + uni() + uni() - 1.5f) * 0.05f;
            img[(size_t)y * w + x] = base + noise;
        }

    float *d_in, *d_out;
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_in, img.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    const float inv2r2 = 1.0f / (2.0f * sigma_r * sigma_r);
    dim3 block(BLOCK_W, BLOCK_H), grid((w + BLOCK_W - 1) / BLOCK_W, (h + BLOCK_H - 1) / BLOCK_H);
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    bilateral<<<grid, block>>>(d_in, d_out, w, h, inv2r2);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<float> out(n);
    CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));

    double max_err = 0, checksum = 0;
    long long bad = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            double c = img[(size_t)y * w + x], sum = 0, ws = 0;
            for (int dy = -RADIUS; dy <= RADIUS; ++dy)
                for (int dx = -RADIUS; dx <= RADIUS; ++dx) {
                    int xx = std::min(std::max(x + dx, 0), w - 1), yy = std::min(std::max(y + dy, 0), h - 1);
                    double v = img[(size_t)yy * w + xx], d = v - c;
                    double wg = spatial[(dy + RADIUS) * DIAM + dx + RADIUS] * std::exp(-d * d * inv2r2);
                    sum += wg * v;
                    ws += wg;
                }
            double ref = sum / ws, g = out[(size_t)y * w + x];
            max_err = std::max(max_err, std::fabs(g - ref));
            if (std::fabs(g - ref) > 1e-4 + 1e-4 * std::fabs(ref)) ++bad;
            checksum += g;
        }

    printf("RESULT checksum %.9g\n", checksum);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", out[0], out[(size_t)(h / 2) * w + 64], out[n / 3], out[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g\n", max_err);
    printf("%s\n", bad ? "FAIL" : "PASS");
    cudaFree(d_in);
    cudaFree(d_out);
    return bad ? 1 : 0;
}
