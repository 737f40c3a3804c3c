// 256-bin histogram of a 64 MiB byte stream with plain global atomics.
//
// The simplest GPU histogram: every byte does atomicAdd on its bin in global memory. Bytes are read four
// at a time as uchar4 in a grid-stride loop. The data is skewed (like pixel intensities of a dark image)
// so a few bins are hot, which is the case where global atomics contend.
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

constexpr int kBins = 256;

__global__ void histogram_global(const uchar4 *__restrict__ data4, size_t n4, const uint8_t *__restrict__ tail,
                                 int tail_len, unsigned int *__restrict__ hist)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n4; i += stride) {
        const uchar4 v = data4[i];
        atomicAdd(&hist[v.x], 1u);
        atomicAdd(&hist[v.y], 1u);
        atomicAdd(&hist[v.z], 1u);
        atomicAdd(&hist[v.w], 1u);
    }
    const size_t t = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (t < (size_t)tail_len)
        atomicAdd(&hist[tail[t]], 1u);
}

int main(int argc, char **argv)
{
    const size_t n = argc > 1 ? strtoull(argv[1], nullptr, 10) : ((size_t)64 << 20) + 3;
    std::vector<uint8_t> data(n);
    uint32_t s = 2463534242u;
    for (size_t i = 0; i < n; ++i) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        // Product of two uniforms, scaled: mass concentrated at dark values.
        const uint32_t a = s & 0xffu, b = (s >> 8) & 0xffu;
        data[i] = (uint8_t)((a * b) >> 8);
    }

    const size_t n4 = n / 4;
    const int tail_len = (int)(n % 4);
    uint8_t *d_data;
    unsigned int *d_hist;
    CUDA_CHECK(cudaMalloc(&d_data, n));
    CUDA_CHECK(cudaMalloc(&d_hist, kBins * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_data, data.data(), n, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_hist, 0, kBins * sizeof(unsigned int)));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    histogram_global<<<2048, 256>>>(reinterpret_cast<const uchar4 *>(d_data), n4, d_data + n4 * 4, tail_len, d_hist);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<unsigned int> hist(kBins), ref(kBins, 0);
    CUDA_CHECK(cudaMemcpy(hist.data(), d_hist, kBins * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < n; ++i)
        ++ref[data[i]];
    bool ok = true;
    uint64_t total = 0, weighted = 0;
    for (int b = 0; b < kBins; ++b) {
        if (hist[b] != ref[b]) {
            if (ok)
                fprintf(stderr, "bin %d: gpu %u cpu %u\n", b, hist[b], ref[b]);
            ok = false;
        }
        total += hist[b];
        weighted += (uint64_t)hist[b] * b;
    }
    ok = ok && total == n;

    printf("RESULT total %llu\n", (unsigned long long)total);
    printf("RESULT weighted %llu\n", (unsigned long long)weighted);
    printf("RESULT bins");
    for (int b = 0; b < kBins; b += 8)
        printf(" %u", hist[b]);
    printf("\n");
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_data));
    CUDA_CHECK(cudaFree(d_hist));
    return ok ? 0 : 1;
}
