// Gather / scatter through an index array: out[i] = in[idx[i]] and out[idx[i]] = in[i].
// A random permutation is gathered and then scattered back, which must reproduce the input
// bit for bit; a many-to-one index map is then reduced with atomicAdd (scatter-add).
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

static uint32_t g_lcg = 20240607u;
static inline uint32_t lcg_next() {
    g_lcg = g_lcg * 1664525u + 1013904223u;
    return g_lcg;
}

template <typename T, typename IndexT>
__global__ void gather_kernel(T* __restrict__ out, const T* __restrict__ in,
                              const IndexT* __restrict__ idx, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        out[i] = in[idx[i]];
    }
}

template <typename T, typename IndexT>
__global__ void scatter_kernel(T* __restrict__ out, const T* __restrict__ in,
                               const IndexT* __restrict__ idx, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        out[idx[i]] = in[i];
    }
}

// Many-to-one scatter: several source elements land in the same bucket.
__global__ void scatter_add_kernel(int* __restrict__ buckets, const int* __restrict__ vals,
                                   const int* __restrict__ bucket_of, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        atomicAdd(&buckets[bucket_of[i]], vals[i]);
    }
}

int main(int argc, char** argv) {
    size_t n = (argc > 1) ? strtoull(argv[1], nullptr, 10) : (1u << 22);
    const int num_buckets = 4096;

    // Host data: payloads, a Fisher-Yates permutation and a bucket map.
    std::vector<float> h_f(n);
    std::vector<int2> h_v(n);
    std::vector<int> h_perm(n), h_vals(n), h_bucket(n);
    for (size_t i = 0; i < n; ++i) {
        h_f[i] = (float)(lcg_next() >> 8) * (1.0f / 16777216.0f) - 0.5f;
        h_v[i] = make_int2((int)(lcg_next() & 0xffff), (int)i);
        h_perm[i] = (int)i;
        h_vals[i] = (int)((lcg_next() >> 8) % 1000u) - 300;
        h_bucket[i] = (int)((lcg_next() >> 8) % num_buckets);
    }
    for (size_t i = n - 1; i > 0; --i) {
        size_t j = (lcg_next() >> 8) % (i + 1);
        int t = h_perm[i];
        h_perm[i] = h_perm[j];
        h_perm[j] = t;
    }

    float *d_f, *d_fg, *d_fs;
    int2 *d_v, *d_vg;
    int *d_perm, *d_vals, *d_bucket, *d_buckets;
    CUDA_CHECK(cudaMalloc(&d_f, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_fg, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_fs, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_v, n * sizeof(int2)));
    CUDA_CHECK(cudaMalloc(&d_vg, n * sizeof(int2)));
    CUDA_CHECK(cudaMalloc(&d_perm, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_vals, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_bucket, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_buckets, num_buckets * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_f, h_f.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_v, h_v.data(), n * sizeof(int2), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_perm, h_perm.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vals, h_vals.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_bucket, h_bucket.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_buckets, 0, num_buckets * sizeof(int)));

    const int threads = 256;
    const int blocks = 1024;
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    CUDA_CHECK(cudaEventRecord(start));
    gather_kernel<float, int><<<blocks, threads>>>(d_fg, d_f, d_perm, n);
    scatter_kernel<float, int><<<blocks, threads>>>(d_fs, d_fg, d_perm, n);
    gather_kernel<int2, int><<<blocks, threads>>>(d_vg, d_v, d_perm, n);
    scatter_add_kernel<<<blocks, threads>>>(d_buckets, d_vals, d_bucket, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<float> g_fg(n), g_fs(n);
    std::vector<int2> g_vg(n);
    std::vector<int> g_buckets(num_buckets);
    CUDA_CHECK(cudaMemcpy(g_fg.data(), d_fg, n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_fs.data(), d_fs, n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_vg.data(), d_vg, n * sizeof(int2), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_buckets.data(), d_buckets, num_buckets * sizeof(int),
                          cudaMemcpyDeviceToHost));

    // CPU reference.
    std::vector<long long> ref_buckets(num_buckets, 0);
    for (size_t i = 0; i < n; ++i) ref_buckets[h_bucket[i]] += h_vals[i];
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i) {
        int p = h_perm[i];
        if (g_fg[i] != h_f[p]) ++bad;
        if (g_fs[i] != h_f[i]) ++bad;
        if (g_vg[i].x != h_v[p].x || g_vg[i].y != h_v[p].y) ++bad;
    }
    for (int b = 0; b < num_buckets; ++b)
        if ((long long)g_buckets[b] != ref_buckets[b]) ++bad;

    // Checksums: an order-sensitive integer hash of the gathered keys and the bucket sums.
    unsigned long long key_hash = 1469598103934665603ull;
    for (size_t i = 0; i < n; ++i) {
        key_hash ^= (unsigned long long)(uint32_t)g_vg[i].y;
        key_hash *= 1099511628211ull;
    }
    long long bucket_total = 0;
    for (int b = 0; b < num_buckets; ++b) bucket_total += g_buckets[b];

    printf("RESULT gathered_key_hash %llu\n", key_hash);
    printf("RESULT bucket_total %lld\n", bucket_total);
    printf("RESULT gathered_samples %.9g %.9g %.9g %.9g\n", g_fg[0], g_fg[n / 3], g_fg[n / 2],
           g_fg[n - 1]);
    printf("RESULT buckets %d %d %d %d\n", g_buckets[0], g_buckets[17], g_buckets[1000],
           g_buckets[num_buckets - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "mismatches: %zu\n", bad);

    CUDA_CHECK(cudaFree(d_f));
    CUDA_CHECK(cudaFree(d_fg));
    CUDA_CHECK(cudaFree(d_fs));
    CUDA_CHECK(cudaFree(d_v));
    CUDA_CHECK(cudaFree(d_vg));
    CUDA_CHECK(cudaFree(d_perm));
    CUDA_CHECK(cudaFree(d_vals));
    CUDA_CHECK(cudaFree(d_bucket));
    CUDA_CHECK(cudaFree(d_buckets));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));

    printf(bad == 0 ? "PASS\n" : "FAIL\n");
    return bad == 0 ? 0 : 1;
}
