// Vector addition two ways: one float per thread, and four floats per thread through float4, which
// issues 128-bit memory transactions. cudaMalloc returns 256-byte aligned memory, so the reinterpret
// casts are safe; the n % 4 leftover elements are added one by one.
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

__global__ void vector_add(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

__global__ void vector_add_f4(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int n4 = n / 4;
    if (i < n4) {
        const float4 va = reinterpret_cast<const float4*>(a)[i];
        const float4 vb = reinterpret_cast<const float4*>(b)[i];
        reinterpret_cast<float4*>(c)[i] = make_float4(va.x + vb.x, va.y + vb.y, va.z + vb.z, va.w + vb.w);
    }
    const int tail = n4 * 4 + i;
    if (i < n % 4) c[tail] = a[tail] + b[tail];
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : 10000003;
    const size_t bytes = (size_t)n * sizeof(float);

    std::vector<float> ha(n), hb(n), hc(n);
    uint32_t seed = 100u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        ha[i] = (float)(seed >> 8) * (1.0f / 16777216.0f) * 100.0f;
        seed = seed * 1664525u + 1013904223u;
        hb[i] = (float)(seed >> 8) * (1.0f / 16777216.0f) - 0.5f;
    }

    float *da, *db, *dc;
    CUDA_CHECK(cudaMalloc(&da, bytes));
    CUDA_CHECK(cudaMalloc(&db, bytes));
    CUDA_CHECK(cudaMalloc(&dc, bytes));
    CUDA_CHECK(cudaMemcpy(da, ha.data(), bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(db, hb.data(), bytes, cudaMemcpyHostToDevice));

    const int threads = 256;
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    bool ok = true;
    float total_ms = 0.0f;
    for (int variant = 0; variant < 2; ++variant) {
        CUDA_CHECK(cudaMemset(dc, 0xff, bytes));  // NaN pattern: any element not written is caught
        CUDA_CHECK(cudaEventRecord(start));
        if (variant == 0)
            vector_add<<<(n + threads - 1) / threads, threads>>>(da, db, dc, n);
        else
            vector_add_f4<<<(n / 4 + threads) / threads, threads>>>(da, db, dc, n);
        CUDA_CHECK(cudaEventRecord(stop));
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        total_ms += ms;
        fprintf(stderr, "%s: %.3f ms\n", variant ? "float4" : "scalar", ms);
        CUDA_CHECK(cudaMemcpy(hc.data(), dc, bytes, cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; ++i) {
            // a single IEEE add is correctly rounded everywhere, so the float result must match exactly
            if (!(hc[i] == ha[i] + hb[i])) {
                if (ok) fprintf(stderr, "variant %d index %d: gpu %.9g cpu %.9g\n", variant, i, hc[i], ha[i] + hb[i]);
                ok = false;
            }
        }
    }

    double sum = 0.0;
    for (float v : hc) sum += v;
    printf("RESULT sum %.9g\n", sum);
    printf("RESULT samples %.9g %.9g %.9g %.9g\n", hc[0], hc[n / 2], hc[n - 2], hc[n - 1]);
    printf("TIME_MS %.4f\n", total_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(db));
    CUDA_CHECK(cudaFree(dc));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
