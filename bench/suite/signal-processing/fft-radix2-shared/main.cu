// Batched complex FFT, own radix-2 decimation-in-time implementation. One block transforms one
// signal entirely in dynamic shared memory: a bit-reversed load (__brev), then log2(N) butterfly
// stages with one butterfly per thread per stage. Twiddle factors exp(-2 pi i k / N) are
// precomputed in double on the host and kept in constant memory. N is a template parameter.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <complex>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                     \
    do {                                                                                     \
        cudaError_t err_ = (call);                                                           \
        if (err_ != cudaSuccess) {                                                           \
            fprintf(stderr, "CUDA error: %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, __LINE__); \
            exit(EXIT_FAILURE);                                                              \
        }                                                                                    \
    } while (0)

#define MAX_N 1024
__constant__ float2 c_twiddle[MAX_N / 2];

__device__ __forceinline__ float2 cmul(float2 a, float2 b) {
    return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

template <int LOG2N>
__global__ void fft_radix2(const float2* __restrict__ in, float2* __restrict__ out) {
    constexpr int N = 1 << LOG2N;
    static_assert(N <= MAX_N, "twiddle table too small");
    extern __shared__ float2 buf[];
    const float2* src = in + (size_t)blockIdx.x * N;
    const int t = threadIdx.x;  // N / 2 threads

    // Bit-reversed load: element i goes to slot rev(i).
    for (int i = t; i < N; i += N / 2) buf[__brev(i) >> (32 - LOG2N)] = src[i];
    __syncthreads();

#pragma unroll
    for (int s = 1; s <= LOG2N; ++s) {
        const int half = 1 << (s - 1);
        const int pos = t & (half - 1);
        const int i0 = ((t >> (s - 1)) << s) + pos;
        const int i1 = i0 + half;
        const float2 w = c_twiddle[pos << (LOG2N - s)];
        const float2 a = buf[i0];
        const float2 b = cmul(buf[i1], w);
        __syncthreads();  // all reads of this stage done before anyone writes
        buf[i0] = make_float2(a.x + b.x, a.y + b.y);
        buf[i1] = make_float2(a.x - b.x, a.y - b.y);
        __syncthreads();
    }
    float2* dst = out + (size_t)blockIdx.x * N;
    for (int i = t; i < N; i += N / 2) dst[i] = buf[i];
}

static void fft_cpu(std::vector<std::complex<double>>& a) {
    const int n = (int)a.size();
    for (int i = 1, j = 0; i < n; ++i) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) std::swap(a[i], a[j]);
    }
    for (int len = 2; len <= n; len <<= 1) {
        const double ang = -2 * M_PI / len;
        for (int i = 0; i < n; i += len)
            for (int k = 0; k < len / 2; ++k) {
                std::complex<double> w(std::cos(ang * k), std::sin(ang * k));
                std::complex<double> u = a[i + k], v = a[i + k + len / 2] * w;
                a[i + k] = u + v;
                a[i + k + len / 2] = u - v;
            }
    }
}

int main(int argc, char** argv) {
    constexpr int LOG2N = 10, N = 1 << LOG2N;
    const int batch = argc > 1 ? atoi(argv[1]) : 4096;
    const size_t total = (size_t)batch * N;

    float2 tw[N / 2];
    for (int k = 0; k < N / 2; ++k)
        tw[k] = make_float2((float)std::cos(-2 * M_PI * k / N), (float)std::sin(-2 * M_PI * k / N));
    CUDA_CHECK(cudaMemcpyToSymbol(c_twiddle, tw, sizeof(tw)));

    std::vector<float2> x(total);
    uint64_t st = 99;
    auto uni = [&]() {
        st = st * 6364136223846793005ull + 1442695040888963407ull;
        return (float)((st >> 40) & 0xffffff) / 16777216.0f - 0.5f;
    };
    for (int b = 0; b < batch; ++b) {
        const int f = (b * 7 + 3) % N;
        for (int n = 0; n < N; ++n) {
            double ph = 2 * M_PI * f * n / N;
            x[(size_t)b * N + n] = make_float2((float)std::cos(ph) + uni(), (float)std::sin(ph) + uni());
        }
    }

    float2 *d_in, *d_out;
    CUDA_CHECK(cudaMalloc(&d_in, total * sizeof(float2)));
    CUDA_CHECK(cudaMalloc(&d_out, total * sizeof(float2)));
    CUDA_CHECK(cudaMemcpy(d_in, x.data(), total * sizeof(float2), cudaMemcpyHostToDevice));

    cudaEvent_t e0, e1;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventRecord(e0));
    fft_radix2<LOG2N><<<batch, N / 2, N * sizeof(float2)>>>(d_in, d_out);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    float ms;
    CUDA_CHECK(cudaEventElapsedTime(&ms, e0, e1));
    std::vector<float2> X(total);
    CUDA_CHECK(cudaMemcpy(X.data(), d_out, total * sizeof(float2), cudaMemcpyDeviceToHost));

    bool ok = true;
    double max_rel = 0, power = 0;
    long long peak_sum = 0;
    std::vector<std::complex<double>> a(N);
    for (int b = 0; b < batch; ++b) {
        for (int n = 0; n < N; ++n) a[n] = {x[(size_t)b * N + n].x, x[(size_t)b * N + n].y};
        fft_cpu(a);
        double amax = 0, emax = 0;
        int peak = 0;
        float best = -1.f;
        for (int k = 0; k < N; ++k) {
            const float2 g = X[(size_t)b * N + k];
            amax = std::max(amax, std::abs(a[k]));
            emax = std::max(emax, std::hypot(g.x - a[k].real(), g.y - a[k].imag()));
            const float m2 = g.x * g.x + g.y * g.y;
            if (m2 > best) { best = m2; peak = k; }
            power += (double)g.x * g.x + (double)g.y * g.y;
        }
        max_rel = std::max(max_rel, emax / amax);
        if (emax > 1e-5 * amax || peak != (b * 7 + 3) % N) ok = false;
        peak_sum += peak;
    }
    printf("RESULT mean_power %.6g\n", power / total);
    printf("RESULT peak_bin_sum %lld\n", peak_sum);
    printf("RESULT bins %.6g %.6g %.6g %.6g %.6g %.6g\n", X[0].x, X[0].y, X[3].x, X[3].y, X[total - 1].x,
           X[total - 1].y);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max error relative to spectrum peak %.3g\n", max_rel);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(d_in);
    cudaFree(d_out);
    return ok ? 0 : 1;
}
