// Functor-driven Thrust: reductions of transformed values without materialising them, and
// scans that turn per-segment lengths into offsets (the usual first step of a compaction).
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/transform_reduce.h>
#include <thrust/transform.h>
#include <thrust/scan.h>
#include <thrust/functional.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/tuple.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

template <typename T>
struct Square {
    __host__ __device__ T operator()(T v) const { return v * v; }
};

// w * x for a (x, w) pair, accumulated in double.
struct WeightedValue {
    __host__ __device__ double operator()(const thrust::tuple<float, float>& t) const {
        return (double)thrust::get<0>(t) * (double)thrust::get<1>(t);
    }
};

struct MaxOp {
    __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

// A cheap integer hash evaluated on a counting iterator: data generated on the fly.
struct HashLen {
    __host__ __device__ int operator()(int i) const {
        unsigned int h = (unsigned int)i * 2654435761u;
        h ^= h >> 13;
        return (int)(h % 9u);  // segment lengths 0..8
    }
};

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 22;

    thrust::host_vector<float> hx(n), hw(n);
    uint32_t s = 2468u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        hx[i] = (float)(s >> 8) / 8388608.0f - 1.0f;
        s = s * 1664525u + 1013904223u;
        hw[i] = (float)(s >> 8) / 16777216.0f;
    }
    thrust::device_vector<float> x = hx, w = hw;
    thrust::device_vector<int> lens(n), offsets(n), running_max(n);

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    float sumsq = thrust::transform_reduce(x.begin(), x.end(), Square<float>(), 0.0f, thrust::plus<float>());
    auto zip_begin = thrust::make_zip_iterator(thrust::make_tuple(x.begin(), w.begin()));
    auto zip_end = thrust::make_zip_iterator(thrust::make_tuple(x.end(), w.end()));
    double wsum = thrust::transform_reduce(zip_begin, zip_end, WeightedValue(), 0.0, thrust::plus<double>());
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n), lens.begin(), HashLen());
    thrust::inclusive_scan(lens.begin(), lens.end(), offsets.begin());
    thrust::exclusive_scan(lens.begin(), lens.end(), running_max.begin(), -1, MaxOp());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    thrust::host_vector<int> h_off = offsets, h_max = running_max;

    double ref_sumsq = 0.0, ref_wsum = 0.0, ref_wabs = 0.0;
    for (int i = 0; i < n; ++i) {
        ref_sumsq += (double)hx[i] * hx[i];
        ref_wsum += (double)hx[i] * hw[i];
        ref_wabs += fabs((double)hx[i] * hw[i]);
    }
    HashLen len_of;
    long bad = 0;
    int acc = 0, mx = -1;
    for (int i = 0; i < n; ++i) {
        if (h_max[i] != mx) ++bad;  // exclusive: max of lens[0..i-1], -1 for i = 0
        int l = len_of(i);
        acc += l;
        mx = l > mx ? l : mx;
        if (h_off[i] != acc) ++bad;
    }
    if (fabs(sumsq - ref_sumsq) > 1e-4 * ref_sumsq) ++bad;
    if (fabs(wsum - ref_wsum) > 1e-9 * ref_wabs) ++bad;

    printf("RESULT sum_squares %.6g\n", sumsq);
    printf("RESULT weighted_sum %.9g\n", wsum);
    printf("RESULT total_length %d\n", h_off[n - 1]);
    printf("RESULT offsets %d %d %d %d\n", h_off[0], h_off[1], h_off[n / 2], h_off[n - 2]);
    printf("RESULT running_max %d %d %d\n", h_max[0], h_max[1], h_max[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "sumsq %.3f (ref %.3f) wsum %.6f (ref %.6f) mismatches %ld\n", sumsq, ref_sumsq, wsum,
            ref_wsum, bad);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
