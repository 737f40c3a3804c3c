// Forward FFT of `batch` signals of length n, each two tones plus small noise, then the
// inverse FFT and a 1/n scale, which must give the input back. cuFFT's inverse is unnormalised.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cufft.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

#define CUFFT_CHECK(call)                                                                 \
    do {                                                                                  \
        cufftResult r_ = (call);                                                          \
        if (r_ != CUFFT_SUCCESS) {                                                        \
            fprintf(stderr, "cuFFT error %d from %s at %s:%d\n", (int)r_, #call, __FILE__, \
                    __LINE__);                                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

__global__ void scale_complex(cufftComplex* data, size_t count, float factor) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < count;
         i += (size_t)gridDim.x * blockDim.x) {
        data[i].x *= factor;
        data[i].y *= factor;
    }
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 18;
    const int batch = argc > 2 ? atoi(argv[2]) : 4;
    const size_t total = (size_t)n * batch;
    const double two_pi = 6.283185307179586;

    // Signal b: cos at bin 5+b, 0.5*sin at bin 40+3b, plus uniform noise in [-0.1, 0.1).
    std::vector<cufftComplex> h_in(total);
    uint32_t s = 2718u;
    for (int b = 0; b < batch; ++b)
        for (int t = 0; t < n; ++t) {
            s = s * 1664525u + 1013904223u;
            float noise_re = ((float)(s >> 8) / 16777216.0f - 0.5f) * 0.2f;
            s = s * 1664525u + 1013904223u;
            float noise_im = ((float)(s >> 8) / 16777216.0f - 0.5f) * 0.2f;
            double ph1 = two_pi * (double)((long long)(5 + b) * t % n) / n;
            double ph2 = two_pi * (double)((long long)(40 + 3 * b) * t % n) / n;
            h_in[(size_t)b * n + t].x = (float)(cos(ph1) + 0.5 * sin(ph2)) + noise_re;
            h_in[(size_t)b * n + t].y = noise_im;
        }

    cufftComplex *d_data, *d_spec;
    CUDA_CHECK(cudaMalloc(&d_data, total * sizeof(cufftComplex)));
    CUDA_CHECK(cudaMalloc(&d_spec, total * sizeof(cufftComplex)));
    CUDA_CHECK(cudaMemcpy(d_data, h_in.data(), total * sizeof(cufftComplex), cudaMemcpyHostToDevice));

    cufftHandle plan;
    CUFFT_CHECK(cufftPlan1d(&plan, n, CUFFT_C2C, batch));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    CUFFT_CHECK(cufftExecC2C(plan, d_data, d_spec, CUFFT_FORWARD));  // out of place
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms_fwd = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms_fwd, start, stop));
    std::vector<cufftComplex> h_spec(total);
    CUDA_CHECK(cudaMemcpy(h_spec.data(), d_spec, total * sizeof(cufftComplex), cudaMemcpyDeviceToHost));

    CUDA_CHECK(cudaEventRecord(start));
    CUFFT_CHECK(cufftExecC2C(plan, d_spec, d_spec, CUFFT_INVERSE));  // in place
    scale_complex<<<1024, 256>>>(d_spec, total, 1.0f / n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms_inv = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms_inv, start, stop));
    std::vector<cufftComplex> h_back(total);
    CUDA_CHECK(cudaMemcpy(h_back.data(), d_spec, total * sizeof(cufftComplex), cudaMemcpyDeviceToHost));

    // Direct DFT at selected bins, in double. Twiddle index (k*t) mod n keeps the angle exact.
    auto dft_bin = [&](int b, int k, double& re, double& im) {
        re = im = 0.0;
        for (int t = 0; t < n; ++t) {
            double ang = -two_pi * (double)((long long)k * t % n) / n;
            const cufftComplex& v = h_in[(size_t)b * n + t];
            re += v.x * cos(ang) - v.y * sin(ang);
            im += v.x * sin(ang) + v.y * cos(ang);
        }
    };
    long bad = 0;
    double energy_t = 0.0, energy_f = 0.0, max_rt = 0.0;
    for (size_t i = 0; i < total; ++i) {
        energy_t += (double)h_in[i].x * h_in[i].x + (double)h_in[i].y * h_in[i].y;
        energy_f += (double)h_spec[i].x * h_spec[i].x + (double)h_spec[i].y * h_spec[i].y;
        max_rt = fmax(max_rt, fabs(h_back[i].x - h_in[i].x));
        max_rt = fmax(max_rt, fabs(h_back[i].y - h_in[i].y));
    }
    energy_f /= n;  // Parseval: sum |X|^2 = n * sum |x|^2
    if (fabs(energy_f - energy_t) > 1e-4 * energy_t) ++bad;
    if (max_rt > 5e-5) ++bad;  // inputs are O(1)
    // Error scale of a float FFT bin: about eps * log2(n) * sqrt(n * mean |x|^2).
    const double bin_tol = 1e-5 * sqrt(energy_t / batch) * log2((double)n) + 1e-3;
    const int probe_bins[4] = {0, 5, 40, 12345 % n};
    double tone1[8], tone2[8];
    for (int b = 0; b < batch; ++b) {
        int k1 = 5 + b, k2 = 40 + 3 * b;
        const int bins[6] = {k1, k2, n - k2, probe_bins[0], probe_bins[3], n / 2 + b};
        for (int j = 0; j < 6; ++j) {
            double re, im;
            dft_bin(b, bins[j], re, im);
            const cufftComplex& g = h_spec[(size_t)b * n + bins[j]];
            if (fabs(g.x - re) > bin_tol || fabs(g.y - im) > bin_tol) ++bad;
        }
        const cufftComplex& g1 = h_spec[(size_t)b * n + k1];
        const cufftComplex& g2 = h_spec[(size_t)b * n + k2];
        if (b < 8) {
            tone1[b] = hypot(g1.x, g1.y) / n;  // about 0.5 (cosine splits over +-k)
            tone2[b] = hypot(g2.x, g2.y) / n;  // about 0.25
        }
    }

    printf("RESULT energy %.9g %.9g\n", energy_t, energy_f);
    printf("RESULT tone1_amplitude %.6g %.6g\n", tone1[0], tone1[batch - 1 < 7 ? batch - 1 : 7]);
    printf("RESULT tone2_amplitude %.6g %.6g\n", tone2[0], tone2[batch - 1 < 7 ? batch - 1 : 7]);
    printf("RESULT spectrum_samples %.6g %.6g %.6g %.6g\n", h_spec[5].x, h_spec[5].y, h_spec[40].x,
           h_spec[40].y);
    printf("RESULT roundtrip_samples %.6g %.6g %.6g\n", h_back[0].x, h_back[total / 2].x, h_back[total - 1].y);
    printf("TIME_MS %.4f\n", ms_fwd + ms_inv);
    fprintf(stderr, "forward %.3f ms, inverse+scale %.3f ms, round-trip max err %.3g, mismatches %ld\n",
            ms_fwd, ms_inv, max_rt, bad);

    CUFFT_CHECK(cufftDestroy(plan));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_data));
    CUDA_CHECK(cudaFree(d_spec));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
