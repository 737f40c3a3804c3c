// Multichannel IIR filtering: a cascade of biquad sections (transposed direct form II) applied
// independently to every channel. IIR recursions are sequential in time, so the parallelism is
// across channels: one thread per channel, samples interleaved as [time][channel] so each time
// step is a coalesced load/store across the warp. Section coefficients are in constant memory.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t e = (call);                                                            \
        if (e != cudaSuccess) {                                                            \
            fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

#define NSECTIONS 3
#define THREADS 128

struct Biquad {
    float b0, b1, b2, a1, a2;  // a0 normalised to 1
};
__constant__ Biquad c_sections[NSECTIONS];

__global__ void __launch_bounds__(THREADS)
biquad_cascade(const float* __restrict__ x, float* __restrict__ y, int channels, int samples) {
    const int ch = blockIdx.x * blockDim.x + threadIdx.x;
    if (ch >= channels) return;
    float z1[NSECTIONS], z2[NSECTIONS];
#pragma unroll
    for (int s = 0; s < NSECTIONS; ++s) z1[s] = z2[s] = 0.f;
    for (int t = 0; t < samples; ++t) {
        float v = x[(size_t)t * channels + ch];
#pragma unroll
        for (int s = 0; s < NSECTIONS; ++s) {
            const Biquad q = c_sections[s];
            const float out = q.b0 * v + z1[s];
            z1[s] = q.b1 * v - q.a1 * out + z2[s];
            z2[s] = q.b2 * v - q.a2 * out;
            v = out;
        }
        y[(size_t)t * channels + ch] = v;
    }
}

// RBJ cookbook low-pass section.
static Biquad lowpass(double fc, double q) {
    const double w0 = 2 * M_PI * fc, alpha = std::sin(w0) / (2 * q), cw = std::cos(w0);
    const double a0 = 1 + alpha;
    Biquad b;
    b.b0 = (float)((1 - cw) / 2 / a0);
    b.b1 = (float)((1 - cw) / a0);
    b.b2 = (float)((1 - cw) / 2 / a0);
    b.a1 = (float)(-2 * cw / a0);
    b.a2 = (float)((1 - alpha) / a0);
    return b;
}

int main(int argc, char** argv) {
    const int channels = argc > 1 ? atoi(argv[1]) : 4096;
    const int samples = argc > 2 ? atoi(argv[2]) : 4096;
    const size_t total = (size_t)channels * samples;

    // Sixth-order Butterworth low-pass at 0.05 fs as three sections (Q values of the Butterworth poles).
    Biquad sec[NSECTIONS] = {lowpass(0.05, 0.51763809), lowpass(0.05, 0.70710678), lowpass(0.05, 1.93185165)};
    CUDA_CHECK(cudaMemcpyToSymbol(c_sections, sec, sizeof(sec)));

    // Each channel: a tone whose frequency depends on the channel, plus noise.
    std::vector<float> x(total);
    uint32_t s = 2468u;
    for (int t = 0; t < samples; ++t)
        for (int c = 0; c < channels; ++c) {
            s = s * 1664525u + 1013904223u;
            double f = 0.005 + 0.2 * c / channels;
            x[(size_t)t * channels + c] = (float)std::sin(2 * M_PI * f * t) + ((float)(s >> 8) / 16777216.0f - 0.5f) * 0.5f;
        }

    float *d_x, *d_y;
    CUDA_CHECK(cudaMalloc(&d_x, total * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_y, total * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_x, x.data(), total * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    CUDA_CHECK(cudaEventRecord(a));
    biquad_cascade<<<(channels + THREADS - 1) / THREADS, THREADS>>>(d_x, d_y, channels, samples);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    std::vector<float> y(total);
    CUDA_CHECK(cudaMemcpy(y.data(), d_y, total * sizeof(float), cudaMemcpyDeviceToHost));

    // CPU reference in double on every 16th channel; output power per channel for all channels.
    double max_err = 0;
    for (int c = 0; c < channels; c += 16) {
        double z1[NSECTIONS] = {0}, z2[NSECTIONS] = {0};
        for (int t = 0; t < samples; ++t) {
            double v = x[(size_t)t * channels + c];
            for (int k = 0; k < NSECTIONS; ++k) {
                double out = sec[k].b0 * v + z1[k];
                z1[k] = sec[k].b1 * v - sec[k].a1 * out + z2[k];
                z2[k] = sec[k].b2 * v - sec[k].a2 * out;
                v = out;
            }
            max_err = std::max(max_err, std::fabs(y[(size_t)t * channels + c] - v));
        }
    }
    const int probe[4] = {0, channels / 8, channels / 4, channels - 1};
    double power[4] = {0, 0, 0, 0};
    for (int p = 0; p < 4; ++p) {
        for (int t = samples / 2; t < samples; ++t) {
            double v = y[(size_t)t * channels + probe[p]];
            power[p] += v * v;
        }
        power[p] /= samples / 2;
    }
    const bool ok = max_err < 1e-4;
    printf("RESULT passband_to_stopband_power %.6g %.6g %.6g %.6g\n", power[0], power[1], power[2], power[3]);
    printf("RESULT samples %.6g %.6g %.6g\n", y[(size_t)(samples - 1) * channels], y[(size_t)(samples / 2) * channels + 7],
           y[total - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g\n", max_err);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_x);
    cudaFree(d_y);
    return ok ? 0 : 1;
}
