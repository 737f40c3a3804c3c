// Polynomial evaluation with Horner's rule, templated on value type and degree.
//
// Coefficients live in __constant__ memory (every thread reads the same coefficient at the same step,
// which is what the constant cache broadcasts well). The same kernel template evaluates
//   * a degree-7 float polynomial (Taylor series of sin(x) truncated, odd terms only), and
//   * a degree-15 double polynomial (Taylor series of exp(x)),
// over millions of points with a grid-stride loop. The degree is a template argument so the loop unrolls.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

constexpr int kMaxCoeffs = 16;
__constant__ float c_coef_f[kMaxCoeffs];
__constant__ double c_coef_d[kMaxCoeffs];

template <typename T>
__device__ __forceinline__ T coeff(int k);
template <>
__device__ __forceinline__ float coeff<float>(int k) { return c_coef_f[k]; }
template <>
__device__ __forceinline__ double coeff<double>(int k) { return c_coef_d[k]; }

// coefficients are stored highest degree first
template <typename T, int DEGREE>
__device__ __forceinline__ T horner(T x)
{
    T acc = coeff<T>(0);
#pragma unroll
    for (int k = 1; k <= DEGREE; ++k)
        acc = acc * x + coeff<T>(k);
    return acc;
}

template <typename T, int DEGREE>
__global__ void eval_poly(const T *__restrict__ xs, T *__restrict__ ys, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        ys[i] = horner<T, DEGREE>(xs[i]);
}

template <typename T>
T horner_host(const T *c, int degree, T x)
{
    T acc = c[0];
    for (int k = 1; k <= degree; ++k)
        acc = acc * x + c[k];
    return acc;
}

static uint32_t lcg(uint32_t &s)
{
    s = s * 1664525u + 1013904223u;
    return s;
}

template <typename T, int DEGREE>
float run_poly(const std::vector<T> &xs, std::vector<T> &ys)
{
    const size_t n = xs.size();
    T *d_x = nullptr, *d_y = nullptr;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&d_y, n * sizeof(T)));
    CUDA_CHECK(cudaMemcpy(d_x, xs.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    cudaEvent_t a, b;
    CUDA_CHECK(cudaEventCreate(&a));
    CUDA_CHECK(cudaEventCreate(&b));
    CUDA_CHECK(cudaEventRecord(a));
    eval_poly<T, DEGREE><<<1024, 256>>>(d_x, d_y, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(b));
    CUDA_CHECK(cudaEventSynchronize(b));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    ys.resize(n);
    CUDA_CHECK(cudaMemcpy(ys.data(), d_y, n * sizeof(T), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaEventDestroy(a));
    CUDA_CHECK(cudaEventDestroy(b));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
    return ms;
}

int main(int argc, char **argv)
{
    const size_t n = argc > 1 ? strtoull(argv[1], nullptr, 10) : (size_t)1 << 22;
    constexpr int kDegF = 7, kDegD = 15;

    // sin(x) ~ x - x^3/6 + x^5/120 - x^7/5040, highest degree first.
    float cf[kDegF + 1] = {-1.0f / 5040.0f, 0.0f, 1.0f / 120.0f, 0.0f, -1.0f / 6.0f, 0.0f, 1.0f, 0.0f};
    // exp(x) ~ sum x^k / k!, highest degree first.
    double cd[kDegD + 1];
    double fact = 1.0;
    for (int k = 0; k <= kDegD; ++k) {
        if (k > 0)
            fact *= k;
        cd[kDegD - k] = 1.0 / fact;
    }
    CUDA_CHECK(cudaMemcpyToSymbol(c_coef_f, cf, sizeof(cf)));
    CUDA_CHECK(cudaMemcpyToSymbol(c_coef_d, cd, sizeof(cd)));

    std::vector<float> xf(n);
    std::vector<double> xd(n);
    uint32_t seed = 2024u;
    for (size_t i = 0; i < n; ++i) {
        xf[i] = (float)((lcg(seed) >> 8) * (1.0 / 16777216.0) * 3.0 - 1.5);     // [-1.5, 1.5)
        xd[i] = (double)(lcg(seed) >> 8) * (1.0 / 16777216.0) * 2.0 - 1.0;      // [-1, 1)
    }

    std::vector<float> yf;
    std::vector<double> yd;
    float ms = run_poly<float, kDegF>(xf, yf);
    ms += run_poly<double, kDegD>(xd, yd);

    // Contraction into FMA may differ between the GPU and the host, so compare with a relative tolerance.
    size_t bad = 0;
    double sum_f = 0.0, sum_d = 0.0, max_exp_err = 0.0;
    for (size_t i = 0; i < n; ++i) {
        const float rf = horner_host(cf, kDegF, xf[i]);
        const double rd = horner_host(cd, kDegD, xd[i]);
        if (std::fabs(yf[i] - rf) > 1e-6f * std::fabs(rf) + 1e-7f)
            ++bad;
        if (std::fabs(yd[i] - rd) > 1e-13 * std::fabs(rd))
            ++bad;
        max_exp_err = std::fmax(max_exp_err, std::fabs(yd[i] - std::exp(xd[i])) / std::exp(xd[i]));
        sum_f += std::fabs(yf[i]);
        sum_d += yd[i];
    }
    const bool ok = bad == 0 && max_exp_err < 1e-12;
    if (!ok)
        fprintf(stderr, "%zu mismatches, max relative error vs exp %.3g\n", bad, max_exp_err);

    printf("RESULT sum_abs_sin_poly %.9g\n", sum_f);
    printf("RESULT sum_exp_poly %.9g\n", sum_d);
    printf("RESULT sin_poly %.6g %.6g %.6g %.6g\n", yf[0], yf[n / 3], yf[n / 2], yf[n - 1]);
    printf("RESULT exp_poly %.9g %.9g %.9g %.9g\n", yd[0], yd[n / 3], yd[n / 2], yd[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
