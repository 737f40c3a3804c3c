// Batched binary search: lower_bound and upper_bound of 2M queries in a sorted array of 4M keys.
//
// Each block first copies a sample of the sorted array (every step-th key) into dynamic shared memory and
// searches the sample to narrow each query to one segment of `step` keys; the final search runs in
// global memory over that segment only. The searches are templates over key type and comparator, the way
// a small search library would write them.
#include <algorithm>
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

template <typename T>
struct Less {
    __host__ __device__ bool operator()(const T &a, const T &b) const { return a < b; }
};

// First index in [lo, hi) whose element is not less than key.
template <typename T, typename Cmp>
__host__ __device__ int lower_bound_idx(const T *data, int lo, int hi, const T &key, Cmp cmp)
{
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (cmp(data[mid], key))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// First index in [lo, hi) whose element is greater than key.
template <typename T, typename Cmp>
__host__ __device__ int upper_bound_idx(const T *data, int lo, int hi, const T &key, Cmp cmp)
{
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        if (cmp(key, data[mid]))
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

template <typename T, typename Cmp>
__global__ void search_kernel(const T *__restrict__ sorted, int n, int step, const T *__restrict__ queries, int q,
                              int *__restrict__ lower, int *__restrict__ upper, Cmp cmp)
{
    extern __shared__ unsigned char smem_raw[];
    T *sample = reinterpret_cast<T *>(smem_raw);
    const int n_samples = (n + step - 1) / step;  // sample[k] = sorted[k * step]
    for (int k = threadIdx.x; k < n_samples; k += blockDim.x)
        sample[k] = sorted[k * step];
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < q; i += gridDim.x * blockDim.x) {
        const T key = queries[i];
        // Samples < key are k in [0, sl); every element before segment sl-1 is < key, every element from
        // segment sl on is >= key. Likewise for <= key and upper bound.
        const int sl = lower_bound_idx(sample, 0, n_samples, key, cmp);
        const int su = upper_bound_idx(sample, 0, n_samples, key, cmp);
        const int lo_l = sl > 0 ? (sl - 1) * step : 0;
        const int hi_l = min(sl * step, n);
        const int lo_u = su > 0 ? (su - 1) * step : 0;
        const int hi_u = min(su * step, n);
        lower[i] = lower_bound_idx(sorted, lo_l, hi_l, key, cmp);
        upper[i] = upper_bound_idx(sorted, lo_u, hi_u, key, cmp);
    }
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
    const int q = n / 2;
    const int step = 512;

    // Sorted keys with duplicates: a random walk with steps 0..3.
    std::vector<uint32_t> sorted(n), queries(q);
    uint32_t s = 17u, value = 1000u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        value += (s >> 30);
        sorted[i] = value;
    }
    for (int i = 0; i < q; ++i) {
        s = s * 1664525u + 1013904223u;
        // Mostly inside the key range, some below and above it.
        queries[i] = (uint32_t)(((uint64_t)(s >> 8) * (value + 2000ull)) >> 24);
    }

    uint32_t *d_sorted, *d_queries;
    int *d_lower, *d_upper;
    CUDA_CHECK(cudaMalloc(&d_sorted, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_queries, q * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_lower, q * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_upper, q * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_sorted, sorted.data(), n * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_queries, queries.data(), q * sizeof(uint32_t), cudaMemcpyHostToDevice));

    const size_t smem = (size_t)((n + step - 1) / step) * sizeof(uint32_t);
    if (smem > 48 * 1024) {
        fprintf(stderr, "sample of %zu bytes does not fit in shared memory\n", smem);
        return 1;
    }
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    search_kernel<<<264, 256, smem>>>(d_sorted, n, step, d_queries, q, d_lower, d_upper, Less<uint32_t>());
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<int> lower(q), upper(q);
    CUDA_CHECK(cudaMemcpy(lower.data(), d_lower, q * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(upper.data(), d_upper, q * sizeof(int), cudaMemcpyDeviceToHost));

    size_t bad = 0;
    uint64_t lower_sum = 0, hits = 0, matches = 0;
    for (int i = 0; i < q; ++i) {
        const int rl = (int)(std::lower_bound(sorted.begin(), sorted.end(), queries[i]) - sorted.begin());
        const int ru = (int)(std::upper_bound(sorted.begin(), sorted.end(), queries[i]) - sorted.begin());
        if ((lower[i] != rl || upper[i] != ru) && bad++ < 5)
            fprintf(stderr, "query %d (%u): gpu [%d,%d) cpu [%d,%d)\n", i, queries[i], lower[i], upper[i], rl, ru);
        lower_sum += (uint64_t)lower[i];
        hits += upper[i] > lower[i];
        matches += (uint64_t)(upper[i] - lower[i]);
    }
    const bool ok = bad == 0;

    printf("RESULT lower_sum %llu\n", (unsigned long long)lower_sum);
    printf("RESULT queries_found %llu\n", (unsigned long long)hits);
    printf("RESULT total_matches %llu\n", (unsigned long long)matches);
    printf("RESULT samples %d %d %d %d %d %d\n", lower[0], upper[0], lower[q / 2], upper[q / 2], lower[q - 1],
           upper[q - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_sorted));
    CUDA_CHECK(cudaFree(d_queries));
    CUDA_CHECK(cudaFree(d_lower));
    CUDA_CHECK(cudaFree(d_upper));
    return ok ? 0 : 1;
}
