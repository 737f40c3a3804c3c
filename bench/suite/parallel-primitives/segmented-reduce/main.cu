// Segmented reduction: segment s covers values[offsets[s] .. offsets[s+1]). One block per segment; the
// block strides over its segment and then reduces (sum, max) pairs in dynamic shared memory.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <cfloat>
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

struct SumMax {
    float sum;
    float max;
};

__device__ __forceinline__ SumMax combine(SumMax a, SumMax b) {
    return SumMax{a.sum + b.sum, fmaxf(a.max, b.max)};
}

template <int BLOCK>
__global__ void segment_reduce(const float* __restrict__ values, const int* __restrict__ offsets,
                               float* __restrict__ seg_sum, float* __restrict__ seg_max) {
    extern __shared__ SumMax partial[];  // BLOCK entries, sized at launch
    const int seg = blockIdx.x;
    const int begin = offsets[seg];
    const int end = offsets[seg + 1];

    SumMax acc{0.0f, -FLT_MAX};
    for (int i = begin + threadIdx.x; i < end; i += BLOCK) acc = combine(acc, SumMax{values[i], values[i]});
    partial[threadIdx.x] = acc;
    __syncthreads();

#pragma unroll
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) partial[threadIdx.x] = combine(partial[threadIdx.x], partial[threadIdx.x + s]);
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        seg_sum[seg] = partial[0].sum;
        seg_max[seg] = (end > begin) ? partial[0].max : 0.0f;  // empty segments report max 0
    }
}

int main(int argc, char** argv) {
    const int num_segments = (argc > 1) ? atoi(argv[1]) : 16384;
    constexpr int kBlock = 128;

    // segment lengths 0..1023, every 17th segment empty
    std::vector<int> h_offsets(num_segments + 1);
    uint32_t seed = 555u;
    auto next = [&seed]() {
        seed = seed * 1664525u + 1013904223u;
        return seed;
    };
    h_offsets[0] = 0;
    for (int s = 0; s < num_segments; ++s) {
        const int len = (s % 17 == 0) ? 0 : (int)((next() >> 8) % 1024u);
        h_offsets[s + 1] = h_offsets[s] + len;
    }
    const int n = h_offsets[num_segments];
    std::vector<float> h_values(n);
    for (int i = 0; i < n; ++i) h_values[i] = (float)(next() >> 8) * (2.0f / 16777216.0f) - 1.0f;
    fprintf(stderr, "%d segments, %d values\n", num_segments, n);

    float *d_values, *d_sum, *d_max;
    int* d_offsets;
    CUDA_CHECK(cudaMalloc(&d_values, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_offsets, (size_t)(num_segments + 1) * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_sum, (size_t)num_segments * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_max, (size_t)num_segments * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(d_values, h_values.data(), (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_offsets, h_offsets.data(), (size_t)(num_segments + 1) * sizeof(int),
                          cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    segment_reduce<kBlock><<<num_segments, kBlock, kBlock * sizeof(SumMax)>>>(d_values, d_offsets, d_sum, d_max);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<float> h_sum(num_segments), h_max(num_segments);
    CUDA_CHECK(cudaMemcpy(h_sum.data(), d_sum, (size_t)num_segments * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_max.data(), d_max, (size_t)num_segments * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    double total = 0.0, max_total = 0.0;
    for (int s = 0; s < num_segments; ++s) {
        double ref_sum = 0.0;
        float ref_max = (h_offsets[s + 1] > h_offsets[s]) ? -FLT_MAX : 0.0f;
        for (int i = h_offsets[s]; i < h_offsets[s + 1]; ++i) {
            ref_sum += h_values[i];
            ref_max = std::fmax(ref_max, h_values[i]);
        }
        if (fabs(h_sum[s] - ref_sum) > 1e-3 + 1e-4 * fabs(ref_sum) || h_max[s] != ref_max) {
            if (ok) fprintf(stderr, "segment %d: gpu (%f, %f) cpu (%f, %f)\n", s, h_sum[s], h_max[s], ref_sum, ref_max);
            ok = false;
        }
        total += h_sum[s];
        max_total += h_max[s];
    }

    printf("RESULT sum_of_sums %.6g\n", total);
    printf("RESULT sum_of_maxes %.6g\n", max_total);
    printf("RESULT sums %.6g %.6g %.6g %.6g\n", h_sum[0], h_sum[1], h_sum[num_segments / 2], h_sum[num_segments - 1]);
    printf("RESULT maxes %.6g %.6g %.6g %.6g\n", h_max[0], h_max[1], h_max[num_segments / 2], h_max[num_segments - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_values));
    CUDA_CHECK(cudaFree(d_offsets));
    CUDA_CHECK(cudaFree(d_sum));
    CUDA_CHECK(cudaFree(d_max));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
