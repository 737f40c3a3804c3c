// A few Thrust algorithms over the same data. Thrust allocates and frees device memory
// itself (device_vector) and launches its own kernels; CUDA events still time the work.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/unique.h>
#include <thrust/extrema.h>
#include <thrust/count.h>
#include <thrust/functional.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

struct InRange {
    int lo, hi;
    __host__ __device__ bool operator()(int v) const { return v >= lo && v < hi; }
};

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 22;

    thrust::host_vector<int> h(n);
    uint32_t s = 777777u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        h[i] = (int)(s >> 9) - (1 << 22);  // about 2^23 possible values: many repeats
    }

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    thrust::device_vector<int> d = h;
    CUDA_CHECK(cudaEventRecord(start));
    thrust::sort(d.begin(), d.end());
    long long sum = thrust::reduce(d.begin(), d.end(), 0LL, thrust::plus<long long>());
    long long in_range = thrust::count_if(d.begin(), d.end(), InRange{-1000000, 1000000});
    int max_val = *thrust::max_element(d.begin(), d.end());
    thrust::device_vector<int> uniq = d;
    auto uniq_end = thrust::unique(uniq.begin(), uniq.end());
    int distinct = (int)(uniq_end - uniq.begin());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    thrust::host_vector<int> sorted = d;
    std::vector<int> ref(h.begin(), h.end());
    std::sort(ref.begin(), ref.end());
    long long ref_sum = 0, ref_in_range = 0;
    for (int v : ref) {
        ref_sum += v;
        ref_in_range += (v >= -1000000 && v < 1000000);
    }
    std::vector<int> ref_sorted = ref;  // keep the sorted copy: std::unique scrambles the tail
    int ref_distinct = (int)(std::unique(ref.begin(), ref.end()) - ref.begin());
    long bad = 0;
    for (int i = 0; i < n; ++i) bad += (sorted[i] != ref_sorted[i]);
    bad += (sum != ref_sum) + (in_range != ref_in_range) + (distinct != ref_distinct) +
           (max_val != ref_sorted[n - 1]);

    printf("RESULT sum %lld\n", sum);
    printf("RESULT distinct %d\n", distinct);
    printf("RESULT in_range %lld\n", in_range);
    printf("RESULT max %d\n", max_val);
    printf("RESULT sorted_samples %d %d %d %d\n", sorted[0], sorted[n / 4], sorted[n / 2], sorted[n - 2]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "n=%d distinct=%d, mismatches %ld\n", n, distinct, bad);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
