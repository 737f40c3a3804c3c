// 1024-bin histogram of 16M floats in [0, 1) with per-block private histograms in shared memory.
//
// Each block zeroes a private copy of the histogram in dynamic shared memory, accumulates into it with
// shared-memory atomics over a grid-stride loop, and then merges it into the global histogram with one
// atomicAdd per non-empty bin. The bin count is a template parameter (it sets the mapping from value to
// bin), and the shared size is passed at launch. Values are multiples of 2^-20, so value * bins is exact
// and the binning cannot differ between the GPU and the CPU.
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

template <int BINS>
__host__ __device__ inline int bin_of(float x)
{
    int b = (int)(x * (float)BINS);
    return b < 0 ? 0 : (b >= BINS ? BINS - 1 : b);
}

template <int BINS>
__global__ void histogram_private(const float *__restrict__ data, int n, unsigned int *__restrict__ hist)
{
    extern __shared__ unsigned int s_hist[];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        s_hist[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&s_hist[bin_of<BINS>(data[i])], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) {
        const unsigned int c = s_hist[b];
        if (c)
            atomicAdd(&hist[b], c);
    }
}

template <int BINS>
float run(const float *d_data, int n, unsigned int *d_hist)
{
    CUDA_CHECK(cudaMemset(d_hist, 0, BINS * sizeof(unsigned int)));
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    histogram_private<BINS><<<528, 256, BINS * sizeof(unsigned int)>>>(d_data, n, d_hist);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));
    CUDA_CHECK(cudaEventDestroy(t0));
    CUDA_CHECK(cudaEventDestroy(t1));
    return ms;
}

template <int BINS>
bool check(const std::vector<float> &data, const std::vector<unsigned int> &hist, const char *name)
{
    std::vector<unsigned int> ref(BINS, 0);
    for (float x : data)
        ++ref[bin_of<BINS>(x)];
    bool ok = true;
    uint64_t total = 0;
    for (int b = 0; b < BINS; ++b) {
        if (hist[b] != ref[b] && ok) {
            fprintf(stderr, "%s bin %d: gpu %u cpu %u\n", name, b, hist[b], ref[b]);
            ok = false;
        }
        total += hist[b];
    }
    return ok && total == data.size();
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 24;
    constexpr int kFine = 1024, kCoarse = 64;

    // Sum of three uniforms / 3 (a bell shape), quantised to multiples of 2^-20.
    std::vector<float> data(n);
    uint32_t s = 77u;
    for (int i = 0; i < n; ++i) {
        uint32_t acc = 0;
        for (int k = 0; k < 3; ++k) {
            s = s * 1664525u + 1013904223u;
            acc += s >> 12;  // 20 bits
        }
        data[i] = (float)(acc / 3u) * (1.0f / 1048576.0f);
    }

    float *d_data;
    unsigned int *d_hist;
    CUDA_CHECK(cudaMalloc(&d_data, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_hist, kFine * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_data, data.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    std::vector<unsigned int> fine(kFine), coarse(kCoarse);
    float ms = run<kFine>(d_data, n, d_hist);
    CUDA_CHECK(cudaMemcpy(fine.data(), d_hist, kFine * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    ms += run<kCoarse>(d_data, n, d_hist);
    CUDA_CHECK(cudaMemcpy(coarse.data(), d_hist, kCoarse * sizeof(unsigned int), cudaMemcpyDeviceToHost));

    const bool ok = check<kFine>(data, fine, "fine") && check<kCoarse>(data, coarse, "coarse");
    uint64_t weighted = 0;
    unsigned int peak = 0;
    int peak_bin = 0;
    for (int b = 0; b < kFine; ++b) {
        weighted += (uint64_t)fine[b] * b;
        if (fine[b] > peak) {
            peak = fine[b];
            peak_bin = b;
        }
    }
    printf("RESULT fine_weighted %llu\n", (unsigned long long)weighted);
    printf("RESULT fine_peak %d %u\n", peak_bin, peak);
    printf("RESULT fine_bins %u %u %u %u %u\n", fine[0], fine[100], fine[256], fine[700], fine[1023]);
    printf("RESULT coarse_bins");
    for (int b = 0; b < kCoarse; b += 4)
        printf(" %u", coarse[b]);
    printf("\n");
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_data));
    CUDA_CHECK(cudaFree(d_hist));
    return ok ? 0 : 1;
}
