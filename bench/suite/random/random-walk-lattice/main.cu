// Each thread walks one particle on the integer lattice: at every step the top two bits of
// its xorshift32 draw pick one of four neighbours. Integer state throughout, so the result is
// identical on any platform; the mean squared displacement must also come out near `steps`.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
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

constexpr int kBinWidth = 16;
constexpr int kMaxBins = 1024;

__host__ __device__ __forceinline__ uint32_t xorshift32(uint32_t& s) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

__host__ __device__ __forceinline__ uint32_t seed_for(uint32_t walker) {
    uint32_t h = walker * 0x9E3779B1u + 0x7F4A7C15u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h ? h : 1u;  // xorshift must not start at zero
}

__global__ void walk(int walkers, int steps, int2* __restrict__ final_pos,
                     int* __restrict__ max_r2, int bins, unsigned int* hist) {
    __shared__ unsigned int s_hist[kMaxBins];
    for (int b = threadIdx.x; b < bins; b += blockDim.x) s_hist[b] = 0;
    __syncthreads();

    int w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w < walkers) {
        uint32_t s = seed_for((uint32_t)w);
        int x = 0, y = 0, best = 0;
        for (int t = 0; t < steps; ++t) {
            uint32_t dir = xorshift32(s) >> 30;
            x += (dir == 0) - (dir == 1);
            y += (dir == 2) - (dir == 3);
            int r2 = x * x + y * y;
            best = r2 > best ? r2 : best;
        }
        final_pos[w] = make_int2(x, y);
        max_r2[w] = best;
        int bin = (x + steps) / kBinWidth;  // x in [-steps, steps]
        atomicAdd(&s_hist[bin], 1u);
    }
    __syncthreads();
    for (int b = threadIdx.x; b < bins; b += blockDim.x)
        if (s_hist[b]) atomicAdd(&hist[b], s_hist[b]);
}

int main(int argc, char** argv) {
    const int walkers = argc > 1 ? atoi(argv[1]) : 65536;
    const int steps = argc > 2 ? atoi(argv[2]) : 1024;
    const int bins = 2 * steps / kBinWidth + 1;
    if (bins > kMaxBins) {
        fprintf(stderr, "too many steps for the histogram\n");
        return 1;
    }

    int2* d_pos;
    int* d_max;
    unsigned int* d_hist;
    CUDA_CHECK(cudaMalloc(&d_pos, walkers * sizeof(int2)));
    CUDA_CHECK(cudaMalloc(&d_max, walkers * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_hist, bins * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_hist, 0, bins * sizeof(unsigned int)));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    const int threads = 128;
    CUDA_CHECK(cudaEventRecord(start));
    walk<<<(walkers + threads - 1) / threads, threads>>>(walkers, steps, d_pos, d_max, bins, d_hist);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    std::vector<int2> pos(walkers);
    std::vector<int> maxr(walkers);
    std::vector<unsigned int> hist(bins);
    CUDA_CHECK(cudaMemcpy(pos.data(), d_pos, walkers * sizeof(int2), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(maxr.data(), d_max, walkers * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(hist.data(), d_hist, bins * sizeof(unsigned int), cudaMemcpyDeviceToHost));

    // CPU replay of every walker.
    long bad = 0;
    std::vector<unsigned int> ref_hist(bins, 0);
    long long sum_r2 = 0, sum_x = 0, sum_max = 0;
    for (int w = 0; w < walkers; ++w) {
        uint32_t s = seed_for((uint32_t)w);
        int x = 0, y = 0, best = 0;
        for (int t = 0; t < steps; ++t) {
            uint32_t dir = xorshift32(s) >> 30;
            x += (dir == 0) - (dir == 1);
            y += (dir == 2) - (dir == 3);
            int r2 = x * x + y * y;
            best = r2 > best ? r2 : best;
        }
        if (pos[w].x != x || pos[w].y != y || maxr[w] != best) ++bad;
        ref_hist[(x + steps) / kBinWidth]++;
        sum_r2 += (long long)pos[w].x * pos[w].x + (long long)pos[w].y * pos[w].y;
        sum_x += pos[w].x;
        sum_max += maxr[w];
    }
    for (int b = 0; b < bins; ++b) bad += (hist[b] != ref_hist[b]);

    // <r^2> after n steps is n; r^2 is roughly exponential with sd n, so allow 5 sd / sqrt(W).
    double msd = (double)sum_r2 / walkers;
    bool ok = bad == 0 && fabs(msd - steps) < 5.0 * steps / sqrt((double)walkers);
    int centre = steps / kBinWidth;

    printf("RESULT sum_r2 %lld\n", sum_r2);
    printf("RESULT sum_x %lld\n", sum_x);
    printf("RESULT sum_max_r2 %lld\n", sum_max);
    printf("RESULT msd %.9g\n", msd);
    printf("RESULT hist_centre %u %u %u\n", hist[centre - 1], hist[centre], hist[centre + 1]);
    printf("RESULT walker0 %d %d %d\n", pos[0].x, pos[0].y, maxr[0]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "msd %.2f (expect %d), mismatches %ld\n", msd, steps, bad);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_pos));
    CUDA_CHECK(cudaFree(d_max));
    CUDA_CHECK(cudaFree(d_hist));
    puts(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
