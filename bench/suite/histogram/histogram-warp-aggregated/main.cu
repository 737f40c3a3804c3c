// Warp-aggregated histogram: lanes holding the same bin combine before touching global memory.
//
// Input with strong locality (runs of equal sensor ids, as in sorted or bursty event streams) makes many
// lanes of a warp hit the same bin. __match_any_sync groups lanes by bin; the lowest lane of each group
// (no peer below it, tested with the %lanemask_lt register read through inline PTX) adds the group size
// with one atomicAdd. A plain one-atomic-per-element kernel runs too, and both must match the CPU.
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

constexpr int kBins = 4096;
constexpr unsigned kFullMask = 0xffffffffu;

__device__ __forceinline__ unsigned lanemask_lt()
{
    unsigned mask;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
    return mask;
}

__global__ void histogram_naive(const uint32_t *__restrict__ ids, int n, unsigned int *__restrict__ hist)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&hist[ids[i] % kBins], 1u);
}

__global__ void histogram_aggregated(const uint32_t *__restrict__ ids, int n, unsigned int *__restrict__ hist,
                                     unsigned int *__restrict__ atomics_issued)
{
    const int stride = gridDim.x * blockDim.x;
    const int rounded = (n + 31) & ~31;  // all lanes of a warp run the same iterations
    unsigned int issued = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < rounded; i += stride) {
        const bool valid = i < n;
        const unsigned active = __ballot_sync(kFullMask, valid);
        if (valid) {
            const unsigned bin = ids[i] % kBins;
            const unsigned peers = __match_any_sync(active, bin);
            if ((peers & lanemask_lt()) == 0) {  // lowest lane of the group
                atomicAdd(&hist[bin], (unsigned int)__popc(peers));
                ++issued;
            }
        }
    }
    // Issued-atomic count is reported to stderr only: it depends on how threads map to warps.
    if (issued)
        atomicAdd(atomics_issued, issued);
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
    std::vector<uint32_t> ids(n);
    uint32_t s = 1013u, current = 0;
    int run_left = 0;
    for (int i = 0; i < n; ++i) {
        if (run_left == 0) {
            s = s * 1664525u + 1013904223u;
            current = s >> 8;                   // new id
            s = s * 1664525u + 1013904223u;
            run_left = 1 + (int)((s >> 24) % 48u);  // run of 1..48 equal ids
        }
        ids[i] = current;
        --run_left;
    }

    uint32_t *d_ids;
    unsigned int *d_hist, *d_hist_naive, *d_issued;
    CUDA_CHECK(cudaMalloc(&d_ids, n * sizeof(uint32_t)));
    CUDA_CHECK(cudaMalloc(&d_hist, kBins * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&d_hist_naive, kBins * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&d_issued, sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_ids, ids.data(), n * sizeof(uint32_t), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_hist, 0, kBins * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_hist_naive, 0, kBins * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_issued, 0, sizeof(unsigned int)));

    cudaEvent_t ev[3];
    for (auto &e : ev)
        CUDA_CHECK(cudaEventCreate(&e));
    CUDA_CHECK(cudaEventRecord(ev[0]));
    histogram_naive<<<1024, 256>>>(d_ids, n, d_hist_naive);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(ev[1]));
    histogram_aggregated<<<1024, 256>>>(d_ids, n, d_hist, d_issued);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(ev[2]));
    CUDA_CHECK(cudaEventSynchronize(ev[2]));
    float ms_naive = 0.f, ms_agg = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms_naive, ev[0], ev[1]));
    CUDA_CHECK(cudaEventElapsedTime(&ms_agg, ev[1], ev[2]));

    std::vector<unsigned int> hist(kBins), naive(kBins), ref(kBins, 0);
    unsigned int issued = 0;
    CUDA_CHECK(cudaMemcpy(hist.data(), d_hist, kBins * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(naive.data(), d_hist_naive, kBins * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&issued, d_issued, sizeof(issued), cudaMemcpyDeviceToHost));
    fprintf(stderr, "naive %.3f ms, aggregated %.3f ms, %u atomics for %d elements\n", ms_naive, ms_agg, issued, n);

    for (uint32_t id : ids)
        ++ref[id % kBins];
    size_t bad = 0;
    uint64_t weighted = 0;
    unsigned int max_bin = 0;
    for (int b = 0; b < kBins; ++b) {
        if ((hist[b] != ref[b] || naive[b] != ref[b]) && bad++ < 5)
            fprintf(stderr, "bin %d: aggregated %u naive %u cpu %u\n", b, hist[b], naive[b], ref[b]);
        weighted += (uint64_t)hist[b] * (b + 1);
        max_bin = hist[b] > max_bin ? hist[b] : max_bin;
    }
    const bool ok = bad == 0;

    printf("RESULT weighted %llu\n", (unsigned long long)weighted);
    printf("RESULT max_bin %u\n", max_bin);
    printf("RESULT bins %u %u %u %u %u %u\n", hist[0], hist[1], hist[kBins / 2], hist[1000], hist[3000],
           hist[kBins - 1]);
    printf("TIME_MS %.4f\n", ms_naive + ms_agg);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_ids));
    CUDA_CHECK(cudaFree(d_hist));
    CUDA_CHECK(cudaFree(d_hist_naive));
    CUDA_CHECK(cudaFree(d_issued));
    return ok ? 0 : 1;
}
