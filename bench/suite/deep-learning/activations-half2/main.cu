// Elementwise activations on fp16 tensors, as in transformer MLP blocks. Two halves travel as one
// __half2 (a 32-bit load); the math runs in float and the result is rounded back to half.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t err_ = (call);                                                         \
        if (err_ != cudaSuccess) {                                                         \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,     \
                    cudaGetErrorString(err_));                                             \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

__device__ __forceinline__ float gelu_tanh(float x) {
    const float kAlpha = 0.7978845608028654f;  // sqrt(2 / pi)
    const float inner = kAlpha * (x + 0.044715f * x * x * x);
    return 0.5f * x * (1.0f + tanhf(inner));
}

__device__ __forceinline__ float silu(float x) { return x / (1.0f + __expf(-x)); }

__global__ void gelu_silu_half2(const __half* __restrict__ x, __half* __restrict__ gelu_out,
                                __half* __restrict__ silu_out, int n) {
    const int pairs = n / 2;
    const __half2* x2 = reinterpret_cast<const __half2*>(x);
    __half2* g2 = reinterpret_cast<__half2*>(gelu_out);
    __half2* s2 = reinterpret_cast<__half2*>(silu_out);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < pairs; i += blockDim.x * gridDim.x) {
        const float2 v = __half22float2(x2[i]);
        g2[i] = __floats2half2_rn(gelu_tanh(v.x), gelu_tanh(v.y));
        s2[i] = __floats2half2_rn(silu(v.x), silu(v.y));
    }
    // odd length: the last element has no partner
    if ((n & 1) && blockIdx.x == 0 && threadIdx.x == 0) {
        const float v = __half2float(x[n - 1]);
        gelu_out[n - 1] = __float2half_rn(gelu_tanh(v));
        silu_out[n - 1] = __float2half_rn(silu(v));
    }
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : (1 << 23) + 3;

    std::vector<__half> hx(n), hg(n), hs(n);
    uint32_t seed = 1618u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        hx[i] = __float2half_rn((float)(seed >> 8) * (12.0f / 16777216.0f) - 6.0f);  // [-6, 6)
    }

    __half *dx, *dg, *ds;
    CUDA_CHECK(cudaMalloc(&dx, (size_t)n * sizeof(__half)));
    CUDA_CHECK(cudaMalloc(&dg, (size_t)n * sizeof(__half)));
    CUDA_CHECK(cudaMalloc(&ds, (size_t)n * sizeof(__half)));
    CUDA_CHECK(cudaMemcpy(dx, hx.data(), (size_t)n * sizeof(__half), cudaMemcpyHostToDevice));

    int sms = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    gelu_silu_half2<<<sms * 4, 256>>>(dx, dg, ds, n);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaMemcpy(hg.data(), dg, (size_t)n * sizeof(__half), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(hs.data(), ds, (size_t)n * sizeof(__half), cudaMemcpyDeviceToHost));

    // reference in double from the same half inputs; allow one half ulp of rounding difference
    bool ok = true;
    double gsum = 0.0, ssum = 0.0;
    for (int i = 0; i < n; ++i) {
        const double v = __half2float(hx[i]);
        const double g_ref = 0.5 * v * (1.0 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
        const double s_ref = v / (1.0 + exp(-v));
        const double g = __half2float(hg[i]), s = __half2float(hs[i]);
        if (fabs(g - g_ref) > 1e-3 + 2e-3 * fabs(g_ref) || fabs(s - s_ref) > 1e-3 + 2e-3 * fabs(s_ref)) {
            if (ok) fprintf(stderr, "index %d x=%f: gelu %f (%f) silu %f (%f)\n", i, v, g, g_ref, s, s_ref);
            ok = false;
        }
        gsum += g;
        ssum += s;
    }

    printf("RESULT gelu_sum %.6g\n", gsum);
    printf("RESULT silu_sum %.6g\n", ssum);
    printf("RESULT gelu %.6g %.6g %.6g\n", __half2float(hg[0]), __half2float(hg[n / 2]), __half2float(hg[n - 1]));
    printf("RESULT silu %.6g %.6g %.6g\n", __half2float(hs[0]), __half2float(hs[n / 2]), __half2float(hs[n - 1]));
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(dx));
    CUDA_CHECK(cudaFree(dg));
    CUDA_CHECK(cudaFree(ds));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
