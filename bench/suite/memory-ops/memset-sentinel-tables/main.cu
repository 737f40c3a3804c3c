// Tables initialised with memset rather than with kernels:
//   count[k]  = number of occurrences of key k          (memset 0)
//   first[k]  = smallest index holding key k            (memset 0x7F -> 0x7F7F7F7F = "none")
//   label[i]  = segment number of element i             (one cudaMemsetAsync per segment)
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                   \
    do {                                                                                \
        cudaError_t rc_ = (x);                                                          \
        if (rc_ != cudaSuccess) {                                                       \
            fprintf(stderr, "%s failed at %s:%d: %s\n", #x, __FILE__, __LINE__,        \
                    cudaGetErrorString(rc_));                                           \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

constexpr int kSegments = 8;
constexpr int kNone = 0x7F7F7F7F;  // what memset(0x7F) writes into each int

__global__ void count_and_first(const int* __restrict__ keys, int n, int* count, int* first) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int k = keys[i];
        atomicAdd(&count[k], 1);
        atomicMin(&first[k], i);
    }
}

// Counts elements per label and sums the keys of each labelled segment.
__global__ void label_stats(const unsigned char* __restrict__ label, const int* __restrict__ keys,
                            int n, int* seg_count, unsigned long long* seg_keysum) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        int l = label[i];
        atomicAdd(&seg_count[l], 1);
        atomicAdd(&seg_keysum[l], (unsigned long long)keys[i]);
    }
}

int main(int argc, char** argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 22;
    int num_keys = argc > 2 ? atoi(argv[2]) : 1 << 20;

    std::vector<int> h_keys(n);
    uint32_t s = 99u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        h_keys[i] = (int)((s >> 4) % (uint32_t)num_keys);
    }

    int *d_keys, *d_count, *d_first, *d_seg_count;
    unsigned long long* d_seg_keysum;
    unsigned char* d_label;
    CUDA_CHECK(cudaMalloc(&d_keys, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_count, num_keys * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_first, num_keys * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_label, n));
    CUDA_CHECK(cudaMalloc(&d_seg_count, kSegments * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_seg_keysum, kSegments * sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemcpy(d_keys, h_keys.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    cudaStream_t streams[2];
    CUDA_CHECK(cudaStreamCreate(&streams[0]));
    CUDA_CHECK(cudaStreamCreate(&streams[1]));
    cudaEvent_t start, stop, labels_ready;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventCreateWithFlags(&labels_ready, cudaEventDisableTiming));

    CUDA_CHECK(cudaEventRecord(start, streams[0]));
    // Stream 0: key tables.
    CUDA_CHECK(cudaMemsetAsync(d_count, 0, num_keys * sizeof(int), streams[0]));
    CUDA_CHECK(cudaMemsetAsync(d_first, 0x7F, num_keys * sizeof(int), streams[0]));
    count_and_first<<<1024, 256, 0, streams[0]>>>(d_keys, n, d_count, d_first);
    CUDA_CHECK(cudaGetLastError());

    // Stream 1: segment labels, one memset per segment (the last one takes the remainder).
    int seg_len = n / kSegments;
    for (int g = 0; g < kSegments; ++g) {
        int begin = g * seg_len;
        int len = (g == kSegments - 1) ? n - begin : seg_len;
        CUDA_CHECK(cudaMemsetAsync(d_label + begin, g, len, streams[1]));
    }
    CUDA_CHECK(cudaMemsetAsync(d_seg_count, 0, kSegments * sizeof(int), streams[1]));
    CUDA_CHECK(cudaMemsetAsync(d_seg_keysum, 0, kSegments * sizeof(unsigned long long), streams[1]));
    CUDA_CHECK(cudaEventRecord(labels_ready, streams[1]));
    CUDA_CHECK(cudaStreamWaitEvent(streams[0], labels_ready, 0));
    label_stats<<<1024, 256, 0, streams[0]>>>(d_label, d_keys, n, d_seg_count, d_seg_keysum);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop, streams[0]));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<int> g_count(num_keys), g_first(num_keys), g_seg_count(kSegments);
    std::vector<unsigned long long> g_seg_keysum(kSegments);
    CUDA_CHECK(cudaMemcpy(g_count.data(), d_count, num_keys * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_first.data(), d_first, num_keys * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_seg_count.data(), d_seg_count, kSegments * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_seg_keysum.data(), d_seg_keysum, kSegments * sizeof(unsigned long long),
                          cudaMemcpyDeviceToHost));

    // CPU reference.
    std::vector<int> r_count(num_keys, 0), r_first(num_keys, kNone);
    std::vector<int> r_seg_count(kSegments, 0);
    std::vector<unsigned long long> r_seg_keysum(kSegments, 0);
    for (int i = 0; i < n; ++i) {
        int k = h_keys[i];
        r_count[k]++;
        if (r_first[k] == kNone) r_first[k] = i;
        int g = i / seg_len < kSegments ? i / seg_len : kSegments - 1;
        r_seg_count[g]++;
        r_seg_keysum[g] += (unsigned long long)k;
    }
    long bad = 0;
    int absent = 0;
    long long first_sum = 0;
    for (int k = 0; k < num_keys; ++k) {
        if (g_count[k] != r_count[k] || g_first[k] != r_first[k]) ++bad;
        if (g_first[k] == kNone) ++absent;
        else first_sum += g_first[k];
    }
    for (int g = 0; g < kSegments; ++g)
        if (g_seg_count[g] != r_seg_count[g] || g_seg_keysum[g] != r_seg_keysum[g]) ++bad;

    printf("RESULT absent_keys %d\n", absent);
    printf("RESULT first_index_sum %lld\n", first_sum);
    printf("RESULT count_samples %d %d %d %d\n", g_count[0], g_count[1], g_count[num_keys / 2],
           g_count[num_keys - 1]);
    printf("RESULT first_samples %d %d %d %d\n", g_first[0], g_first[1], g_first[num_keys / 2],
           g_first[num_keys - 1]);
    printf("RESULT segment_keysum %llu %llu %llu %llu\n", g_seg_keysum[0], g_seg_keysum[1],
           g_seg_keysum[kSegments - 2], g_seg_keysum[kSegments - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "mismatches: %ld\n", bad);

    CUDA_CHECK(cudaStreamDestroy(streams[0]));
    CUDA_CHECK(cudaStreamDestroy(streams[1]));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaEventDestroy(labels_ready));
    CUDA_CHECK(cudaFree(d_keys));
    CUDA_CHECK(cudaFree(d_count));
    CUDA_CHECK(cudaFree(d_first));
    CUDA_CHECK(cudaFree(d_label));
    CUDA_CHECK(cudaFree(d_seg_count));
    CUDA_CHECK(cudaFree(d_seg_keysum));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
