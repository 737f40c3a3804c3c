// Direct-form FIR filter y[n] = sum_k h[k] x[n-k] over a long signal (zero history before n = 0).
// The taps live in constant memory: every thread of a warp reads the same tap at the same time,
// which the constant cache broadcasts. The tap count is a template parameter so the loop unrolls;
// a grid-stride loop covers the signal.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                    \
    do {                                                                                    \
        cudaError_t e_ = (call);                                                            \
        if (e_ != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
            exit(1);                                                                        \
        }                                                                                   \
    } while (0)

#define MAX_TAPS 128
__constant__ float c_taps[MAX_TAPS];

template <int TAPS>
__global__ void fir_kernel(const float* __restrict__ x, float* __restrict__ y, int n) {
    static_assert(TAPS <= MAX_TAPS, "too many taps");
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        float acc = 0.f;
        if (i >= TAPS - 1) {
#pragma unroll
            for (int k = 0; k < TAPS; ++k) acc += c_taps[k] * x[i - k];
        } else {
            for (int k = 0; k <= i; ++k) acc += c_taps[k] * x[i - k];
        }
        y[i] = acc;
    }
}

// Windowed-sinc low-pass design (Hamming window), normalised to unit DC gain.
static void design_lowpass(float* h, int taps, double cutoff) {
    const double pi = 3.14159265358979323846;
    double sum = 0;
    std::vector<double> t(taps);
    for (int k = 0; k < taps; ++k) {
        double m = k - (taps - 1) / 2.0;
        double sinc = (m == 0) ? 2 * cutoff : std::sin(2 * pi * cutoff * m) / (pi * m);
        t[k] = sinc * (0.54 - 0.46 * std::cos(2 * pi * k / (taps - 1)));
        sum += t[k];
    }
    for (int k = 0; k < taps; ++k) h[k] = (float)(t[k] / sum);
}

int main(int argc, char** argv) {
    constexpr int TAPS = 63;
    const int n = argc > 1 ? atoi(argv[1]) : (1 << 23);
    float h[TAPS];
    design_lowpass(h, TAPS, 0.1);
    CUDA_CHECK(cudaMemcpyToSymbol(c_taps, h, sizeof(h)));

    // Two tones (one in the pass band, one in the stop band) plus white noise.
    std::vector<float> x(n);
    uint32_t s = 1u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        float noise = ((float)(s >> 8) / 16777216.0f - 0.5f) * 0.2f;
        x[i] = sinf(0.05f * (float)(i % 100000)) + 0.5f * sinf(2.5f * (float)(i % 100000)) + noise;
    }

    float *d_x, *d_y;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    int sms;
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    CUDA_CHECK(cudaEventRecord(a));
    fir_kernel<TAPS><<<sms * 8, 256>>>(d_x, d_y, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    std::vector<float> y(n);
    CUDA_CHECK(cudaMemcpy(y.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost));

    double max_err = 0, energy_in = 0, energy_out = 0;
    for (int i = 0; i < n; ++i) {
        double acc = 0;
        for (int k = 0; k < TAPS && k <= i; ++k) acc += (double)h[k] * x[i - k];
        max_err = std::max(max_err, std::fabs(y[i] - acc));
        energy_in += (double)x[i] * x[i];
        energy_out += (double)y[i] * y[i];
    }
    const bool ok = max_err < 1e-5;
    printf("RESULT energy_ratio %.6g\n", energy_out / energy_in);
    printf("RESULT samples %.6g %.6g %.6g %.6g %.6g\n", y[0], y[TAPS], y[n / 3], y[n / 2], y[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g\n", max_err);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_x);
    cudaFree(d_y);
    return ok ? 0 : 1;
}
