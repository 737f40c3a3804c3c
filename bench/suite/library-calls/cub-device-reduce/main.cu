// CUB device-wide reductions. Every cub::Device* call is made twice: first with a null
// temporary buffer to learn how many bytes it needs, then with the buffer to do the work.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <cub/cub.cuh>
#include <thrust/iterator/transform_iterator.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

struct WidenToInt64 {
    __host__ __device__ long long operator()(int v) const { return (long long)v; }
};

// Runs one CUB reduction with its own temporary buffer; `op` is a callable taking
// (void* temp, size_t& bytes) so the same code serves Sum, Max and Min.
template <typename ReduceCall>
static void run_reduction(ReduceCall op, cudaStream_t stream) {
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CUDA_CHECK(op(d_temp, temp_bytes));  // size query only
    CUDA_CHECK(cudaMallocAsync(&d_temp, temp_bytes, stream));
    CUDA_CHECK(op(d_temp, temp_bytes));
    CUDA_CHECK(cudaFreeAsync(d_temp, stream));
}

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 24;

    std::vector<float> hf(n);
    std::vector<int> hi(n);
    uint32_t s = 123456789u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        hf[i] = (float)(s >> 8) / 16777216.0f;  // [0, 1): no cancellation in the sum
        s = s * 1664525u + 1013904223u;
        hi[i] = (int)(s >> 1) - (1 << 30);       // large ints: the 32-bit sum would overflow
    }

    float *d_f, *d_out_f;
    int* d_i;
    long long* d_out_ll;
    CUDA_CHECK(cudaMalloc(&d_f, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_i, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_out_f, 3 * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_out_ll, sizeof(long long)));
    CUDA_CHECK(cudaMemcpy(d_f, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_i, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    auto widened = thrust::make_transform_iterator(d_i, WidenToInt64());
    CUDA_CHECK(cudaEventRecord(start, stream));
    run_reduction([&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, d_f, d_out_f, n, stream); }, stream);
    run_reduction([&](void* t, size_t& b) { return cub::DeviceReduce::Max(t, b, d_f, d_out_f + 1, n, stream); }, stream);
    run_reduction([&](void* t, size_t& b) { return cub::DeviceReduce::Min(t, b, d_f, d_out_f + 2, n, stream); }, stream);
    run_reduction([&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, widened, d_out_ll, n, stream); }, stream);
    CUDA_CHECK(cudaEventRecord(stop, stream));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    float out_f[3];
    long long out_ll = 0;
    CUDA_CHECK(cudaMemcpy(out_f, d_out_f, sizeof(out_f), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&out_ll, d_out_ll, sizeof(out_ll), cudaMemcpyDeviceToHost));

    double ref_sum = 0.0;
    float ref_max = hf[0], ref_min = hf[0];
    long long ref_ll = 0;
    for (int i = 0; i < n; ++i) {
        ref_sum += hf[i];
        ref_max = fmaxf(ref_max, hf[i]);
        ref_min = fminf(ref_min, hf[i]);
        ref_ll += hi[i];
    }
    bool ok = fabs(out_f[0] - ref_sum) <= 1e-5 * ref_sum && out_f[1] == ref_max && out_f[2] == ref_min &&
              out_ll == ref_ll;

    printf("RESULT float_sum %.9g\n", out_f[0]);
    printf("RESULT float_max_min %.9g %.9g\n", out_f[1], out_f[2]);
    printf("RESULT int64_sum %lld\n", out_ll);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "sum %.6f (ref %.6f), int64 sum %lld (ref %lld)\n", out_f[0], ref_sum, out_ll, ref_ll);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(d_f));
    CUDA_CHECK(cudaFree(d_i));
    CUDA_CHECK(cudaFree(d_out_f));
    CUDA_CHECK(cudaFree(d_out_ll));
    puts(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
