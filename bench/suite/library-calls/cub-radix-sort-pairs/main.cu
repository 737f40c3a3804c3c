// Radix sort of key/value pairs with CUB. The sort is stable, so pairs with equal keys keep
// their input order; values are the original positions, which makes stability checkable.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <algorithm>
#include <numeric>
#include <vector>
#include <cuda_runtime.h>
#include <cub/cub.cuh>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

int main(int argc, char** argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 23;

    // Keys: only 2^20 distinct values over 4M items, so equal keys are common.
    std::vector<uint32_t> keys(n);
    std::vector<int> vals(n);
    uint32_t s = 42u;
    for (int i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        keys[i] = (s >> 12) * 4099u;  // spread the 20 random bits over all 32
        vals[i] = i;
    }

    uint32_t *d_keys_in, *d_keys_out;
    int *d_vals_in, *d_vals_out;
    CUDA_CHECK(cudaMalloc(&d_keys_in, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_keys_out, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_vals_in, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_vals_out, n * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_keys_in, keys.data(), n * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_vals_in, vals.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    // Size both sorts, allocate one buffer big enough for either.
    size_t bytes_full = 0, bytes_low = 0;
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes_full, d_keys_in, d_keys_out, d_vals_in,
                                               d_vals_out, n));
    CUDA_CHECK(cub::DeviceRadixSort::SortPairsDescending(nullptr, bytes_low, d_keys_in, d_keys_out,
                                                         d_vals_in, d_vals_out, n, 0, 16));
    size_t temp_bytes = std::max(bytes_full, bytes_low);
    void* d_temp = nullptr;
    CUDA_CHECK(cudaMalloc(&d_temp, temp_bytes));
    fprintf(stderr, "temporary storage: %zu bytes\n", temp_bytes);

    cudaEvent_t e0, e1, e2;
    CUDA_CHECK(cudaEventCreate(&e0));
    CUDA_CHECK(cudaEventCreate(&e1));
    CUDA_CHECK(cudaEventCreate(&e2));
    CUDA_CHECK(cudaEventRecord(e0));
    CUDA_CHECK(cub::DeviceRadixSort::SortPairs(d_temp, temp_bytes, d_keys_in, d_keys_out, d_vals_in,
                                               d_vals_out, n));
    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cudaEventSynchronize(e1));
    std::vector<uint32_t> g_keys(n);
    std::vector<int> g_vals(n);
    CUDA_CHECK(cudaMemcpy(g_keys.data(), d_keys_out, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_vals.data(), d_vals_out, n * sizeof(int), cudaMemcpyDeviceToHost));

    CUDA_CHECK(cudaEventRecord(e1));
    CUDA_CHECK(cub::DeviceRadixSort::SortPairsDescending(d_temp, temp_bytes, d_keys_in, d_keys_out,
                                                         d_vals_in, d_vals_out, n, 0, 16));
    CUDA_CHECK(cudaEventRecord(e2));
    CUDA_CHECK(cudaEventSynchronize(e2));
    std::vector<uint32_t> g_keys_low(n);
    std::vector<int> g_vals_low(n);
    CUDA_CHECK(cudaMemcpy(g_keys_low.data(), d_keys_out, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(g_vals_low.data(), d_vals_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    float ms_full = 0.f, ms_low = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms_full, e0, e1));
    CUDA_CHECK(cudaEventElapsedTime(&ms_low, e1, e2));

    // References: a stable sort of the indices by key (ascending) and by the low 16 bits
    // (descending), ties in input order.
    std::vector<int> order(n), order_low(n);
    std::iota(order.begin(), order.end(), 0);
    std::iota(order_low.begin(), order_low.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
    std::stable_sort(order_low.begin(), order_low.end(),
                     [&](int a, int b) { return (keys[a] & 0xffffu) > (keys[b] & 0xffffu); });
    long bad = 0;
    for (int i = 0; i < n; ++i) {
        if (g_vals[i] != order[i] || g_keys[i] != keys[order[i]]) ++bad;
        if (g_vals_low[i] != order_low[i] || g_keys_low[i] != keys[order_low[i]]) ++bad;
    }

    uint64_t h_full = 0, h_low = 0;
    for (int i = 0; i < n; ++i) {
        h_full = h_full * 0x100000001B3ull + (uint64_t)g_vals[i];
        h_low = h_low * 0x100000001B3ull + (uint64_t)g_vals_low[i];
    }
    printf("RESULT value_order_hash %llu %llu\n", (unsigned long long)h_full, (unsigned long long)h_low);
    printf("RESULT sorted_keys %u %u %u %u\n", g_keys[0], g_keys[n / 4], g_keys[n / 2], g_keys[n - 1]);
    printf("RESULT sorted_values %d %d %d %d\n", g_vals[0], g_vals[1], g_vals[n / 2], g_vals[n - 1]);
    printf("RESULT low16_desc %u %d %u %d\n", g_keys_low[0], g_vals_low[0], g_keys_low[n - 1], g_vals_low[n - 1]);
    printf("TIME_MS %.4f\n", ms_full + ms_low);
    fprintf(stderr, "full sort %.3f ms, 16-bit sort %.3f ms, mismatches %ld\n", ms_full, ms_low, bad);

    CUDA_CHECK(cudaEventDestroy(e0));
    CUDA_CHECK(cudaEventDestroy(e1));
    CUDA_CHECK(cudaEventDestroy(e2));
    CUDA_CHECK(cudaFree(d_temp));
    CUDA_CHECK(cudaFree(d_keys_in));
    CUDA_CHECK(cudaFree(d_keys_out));
    CUDA_CHECK(cudaFree(d_vals_in));
    CUDA_CHECK(cudaFree(d_vals_out));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
