// Naive O(N^2) discrete Fourier transform of a batch of complex signals:
//   X[k] = sum_n x[n] exp(-2 pi i k n / N)
// 2-D launch: x covers frequency bins, y selects the signal. Input samples are staged through a
// shared-memory tile; the twiddle phase is reduced exactly in integers ((k * n) mod N, N a power
// of two) and mapped into [-pi, pi] so the fast __sincosf intrinsic stays accurate.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                    \
    do {                                                                                    \
        cudaError_t st = (call);                                                            \
        if (st != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error %s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(st)); \
            exit(1);                                                                        \
        }                                                                                   \
    } while (0)

#define DFT_TILE 256

__global__ void dft_batched(const float2* __restrict__ x, float2* __restrict__ X, int N, int log2n) {
    __shared__ float2 tile[DFT_TILE];
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    const int sig = blockIdx.y;
    const float2* xs = x + (size_t)sig * N;
    const float step = -6.283185307179586f / N;
    float re = 0.f, im = 0.f;
    for (int base = 0; base < N; base += DFT_TILE) {
        for (int t = threadIdx.x; t < DFT_TILE; t += blockDim.x)
            tile[t] = (base + t < N) ? xs[base + t] : make_float2(0.f, 0.f);
        __syncthreads();
        if (k < N) {
            for (int j = 0; j < DFT_TILE && base + j < N; ++j) {
                int m = (int)(((unsigned)k * (unsigned)(base + j)) & (unsigned)(N - 1));
                if (m > (N >> 1)) m -= N;  // phase in [-pi, pi]
                float s, c;
                __sincosf(step * m, &s, &c);
                const float2 v = tile[j];
                re += v.x * c - v.y * s;
                im += v.x * s + v.y * c;
            }
        }
        __syncthreads();
    }
    if (k < N) X[(size_t)sig * N + k] = make_float2(re, im);
    (void)log2n;
}

int main(int argc, char** argv) {
    const int log2n = argc > 1 ? atoi(argv[1]) : 12;
    const int batch = argc > 2 ? atoi(argv[2]) : 8;
    const int N = 1 << log2n;
    const size_t total = (size_t)N * batch;

    // Each signal: a few complex exponentials at integer bins plus noise.
    std::vector<float2> x(total);
    uint32_t s = 31u;
    auto uni = [&]() { s = s * 1664525u + 1013904223u; return (float)(s >> 8) / 16777216.0f - 0.5f; };
    const double pi = 3.14159265358979323846;
    for (int b = 0; b < batch; ++b)
        for (int n = 0; n < N; ++n) {
            double ph1 = 2 * pi * ((37 * (b + 1)) % N) * n / N, ph2 = 2 * pi * ((N - 101 * (b + 2)) % N) * n / N;
            x[(size_t)b * N + n] = make_float2((float)(0.5 * std::cos(ph1) + 0.25 * std::cos(ph2)) + 0.1f * uni(),
                                               (float)(0.5 * std::sin(ph1) + 0.25 * std::sin(ph2)) + 0.1f * uni());
        }

    float2 *d_x, *d_X;
    CUDA_CHECK(cudaMalloc(&d_x, total * sizeof(float2)));
    CUDA_CHECK(cudaMalloc(&d_X, total * sizeof(float2)));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), total * sizeof(float2), cudaMemcpyHostToDevice));

    dim3 block(256), grid((N + 255) / 256, batch);
    cudaEvent_t e0, e1;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventRecord(e0));
    dft_batched<<<grid, block>>>(d_x, d_X, N, log2n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    std::vector<float2> X(total);
    CUDA_CHECK(cudaMemcpy(X.data(), d_X, total * sizeof(float2), cudaMemcpyDeviceToHost));

    // CPU reference in double with an exact twiddle table.
    std::vector<double> cs(N), sn(N);
    for (int m = 0; m < N; ++m) {
        cs[m] = std::cos(-2 * pi * m / N);
        sn[m] = std::sin(-2 * pi * m / N);
    }
    bool ok = true;
    double max_err = 0;
    for (int b = 0; b < batch; ++b) {
        const float2* xs = &x[(size_t)b * N];
        double l1 = 0;
        for (int n = 0; n < N; ++n) l1 += std::fabs(xs[n].x) + std::fabs(xs[n].y);
        int peak = 0;
        double peak_mag = 0;
        for (int k = 0; k < N; ++k) {
            double re = 0, im = 0;
            for (int n = 0; n < N; ++n) {
                int m = (int)(((unsigned)k * n) & (N - 1));
                re += xs[n].x * cs[m] - xs[n].y * sn[m];
                im += xs[n].x * sn[m] + xs[n].y * cs[m];
            }
            const float2 g = X[(size_t)b * N + k];
            double e = std::hypot(g.x - re, g.y - im);
            max_err = std::max(max_err, e / l1);
            if (e > 1e-5 * l1) ok = false;
            double mag = std::hypot((double)g.x, (double)g.y);
            if (mag > peak_mag) { peak_mag = mag; peak = k; }
        }
        printf("RESULT signal%d_peak %d %.6g\n", b, peak, peak_mag);
    }
    printf("RESULT bins %.6g %.6g %.6g %.6g\n", X[0].x, X[0].y, X[N / 2 + 3].x, X[total - 1].y);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max error relative to input L1 norm %.3g\n", max_err);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_x);
    cudaFree(d_X);
    return ok ? 0 : 1;
}
