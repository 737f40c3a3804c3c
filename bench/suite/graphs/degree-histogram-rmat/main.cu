// Degree statistics of an R-MAT (power-law) graph given as an edge list.
//
// Kernel 1 counts out- and in-degrees with global atomicAdd and self loops with a per-block shared counter.
// Kernel 2 builds two histograms in shared memory, logarithmic bins for out- and in-degree and exact bins
// for small out-degrees, merges them into global memory and tracks the maximum degrees in __device__
// globals defined in another translation unit.
#include <algorithm>
#include <cstdint>
#include <vector>
#include "graph_stats.cuh"

__global__ void count_degrees(const int *__restrict__ src, const int *__restrict__ dst, int m,
                              unsigned int *out_deg, unsigned int *in_deg)
{
    __shared__ unsigned int s_loops;
    if (threadIdx.x == 0)
        s_loops = 0;
    __syncthreads();
    for (int e = blockIdx.x * blockDim.x + threadIdx.x; e < m; e += gridDim.x * blockDim.x) {
        const int u = src[e], v = dst[e];
        atomicAdd(&out_deg[u], 1u);
        atomicAdd(&in_deg[v], 1u);
        if (u == v)
            atomicAdd(&s_loops, 1u);
    }
    __syncthreads();
    if (threadIdx.x == 0 && s_loops)
        atomicAdd(&g_self_loops, (unsigned long long)s_loops);
}

__global__ void __launch_bounds__(kHistBlock) degree_histograms(const unsigned int *__restrict__ out_deg,
                                                                const unsigned int *__restrict__ in_deg, int n,
                                                                unsigned int *log_out, unsigned int *log_in,
                                                                unsigned int *linear_out)
{
    __shared__ unsigned int s_log_out[kLogBins], s_log_in[kLogBins], s_lin[kLinearBins + 1];
    for (int i = threadIdx.x; i < kLinearBins + 1; i += blockDim.x) {
        s_lin[i] = 0;
        if (i < kLogBins)
            s_log_out[i] = s_log_in[i] = 0;
    }
    __syncthreads();
    unsigned int max_out = 0, max_in = 0;
    for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < n; v += gridDim.x * blockDim.x) {
        const unsigned int d_out = out_deg[v], d_in = in_deg[v];
        atomicAdd(&s_log_out[log2_bin(d_out)], 1u);
        atomicAdd(&s_log_in[log2_bin(d_in)], 1u);
        atomicAdd(&s_lin[min(d_out, (unsigned int)kLinearBins)], 1u);
        max_out = max(max_out, d_out);
        max_in = max(max_in, d_in);
    }
    atomicMax(&g_max_out_degree, max_out);
    atomicMax(&g_max_in_degree, max_in);
    __syncthreads();
    for (int i = threadIdx.x; i < kLinearBins + 1; i += blockDim.x) {
        if (s_lin[i])
            atomicAdd(&linear_out[i], s_lin[i]);
        if (i < kLogBins) {
            if (s_log_out[i])
                atomicAdd(&log_out[i], s_log_out[i]);
            if (s_log_in[i])
                atomicAdd(&log_in[i], s_log_in[i]);
        }
    }
}

int main(int argc, char **argv)
{
    const int scale = argc > 1 ? atoi(argv[1]) : 20;
    const int n = 1 << scale;
    const int m = 4 * n;

    // R-MAT with (a, b, c, d) = (0.57, 0.19, 0.19, 0.05): each level picks a quadrant from 16 random bits.
    std::vector<int> src(m), dst(m);
    uint64_t s = 0x1234ABCDull;
    for (int e = 0; e < m; ++e) {
        int u = 0, v = 0;
        uint64_t bits = 0;
        for (int level = 0; level < scale; ++level) {
            if (level % 4 == 0) {
                s = s * 6364136223846793005ull + 1442695040888963407ull;
                bits = s;
            }
            const uint32_t r = (uint32_t)(bits >> (16 * (level % 4))) & 0xffffu;
            const int quadrant = r < 37356u ? 0 : r < 49807u ? 1 : r < 62259u ? 2 : 3;
            u = (u << 1) | (quadrant >> 1);
            v = (v << 1) | (quadrant & 1);
        }
        src[e] = u;
        dst[e] = v;
    }

    int *d_src, *d_dst;
    unsigned int *d_out, *d_in, *d_hist;
    const int hist_words = 2 * kLogBins + kLinearBins + 1;
    CUDA_CHECK(cudaMalloc(&d_src, m * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_dst, m * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&d_hist, hist_words * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_src, src.data(), m * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_dst, dst.data(), m * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0, n * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_in, 0, n * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_hist, 0, hist_words * sizeof(unsigned int)));
    const unsigned int zero = 0;
    const unsigned long long zero64 = 0;
    CUDA_CHECK(cudaMemcpyToSymbol(g_max_out_degree, &zero, sizeof(zero)));
    CUDA_CHECK(cudaMemcpyToSymbol(g_max_in_degree, &zero, sizeof(zero)));
    CUDA_CHECK(cudaMemcpyToSymbol(g_self_loops, &zero64, sizeof(zero64)));

    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    count_degrees<<<1024, 256>>>(d_src, d_dst, m, d_out, d_in);
    CUDA_CHECK(cudaGetLastError());
    degree_histograms<<<512, kHistBlock>>>(d_out, d_in, n, d_hist, d_hist + kLogBins, d_hist + 2 * kLogBins);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<unsigned int> hist(hist_words);
    unsigned int max_out = 0, max_in = 0;
    unsigned long long loops = 0;
    CUDA_CHECK(cudaMemcpy(hist.data(), d_hist, hist_words * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpyFromSymbol(&max_out, g_max_out_degree, sizeof(max_out)));
    CUDA_CHECK(cudaMemcpyFromSymbol(&max_in, g_max_in_degree, sizeof(max_in)));
    CUDA_CHECK(cudaMemcpyFromSymbol(&loops, g_self_loops, sizeof(loops)));

    // CPU reference.
    std::vector<unsigned int> od(n, 0), id(n, 0), ref(hist_words, 0);
    unsigned long long ref_loops = 0;
    for (int e = 0; e < m; ++e) {
        ++od[src[e]];
        ++id[dst[e]];
        ref_loops += src[e] == dst[e];
    }
    auto bin = [](unsigned int d) { return d == 0 ? 0 : 32 - __builtin_clz(d); };
    for (int v = 0; v < n; ++v) {
        ++ref[bin(od[v])];
        ++ref[kLogBins + bin(id[v])];
        ++ref[2 * kLogBins + std::min(od[v], (unsigned int)kLinearBins)];
    }
    const unsigned int ref_max_out = *std::max_element(od.begin(), od.end());
    const unsigned int ref_max_in = *std::max_element(id.begin(), id.end());
    size_t bad = 0;
    for (int i = 0; i < hist_words; ++i)
        if (hist[i] != ref[i] && bad++ < 5)
            fprintf(stderr, "bin %d: gpu %u cpu %u\n", i, hist[i], ref[i]);
    const bool ok = bad == 0 && max_out == ref_max_out && max_in == ref_max_in && loops == ref_loops;
    if (!ok)
        fprintf(stderr, "max out %u/%u in %u/%u loops %llu/%llu\n", max_out, ref_max_out, max_in, ref_max_in, loops,
                ref_loops);

    printf("RESULT max_degree %u %u\n", max_out, max_in);
    printf("RESULT self_loops %llu\n", loops);
    printf("RESULT log_out_hist");
    for (int i = 0; i < 24; ++i)
        printf(" %u", hist[i]);
    printf("\n");
    printf("RESULT log_in_hist");
    for (int i = 0; i < 24; ++i)
        printf(" %u", hist[kLogBins + i]);
    printf("\n");
    printf("RESULT linear_out_hist %u %u %u %u %u %u\n", hist[2 * kLogBins], hist[2 * kLogBins + 1],
           hist[2 * kLogBins + 2], hist[2 * kLogBins + 4], hist[2 * kLogBins + 16], hist[2 * kLogBins + kLinearBins]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_src));
    CUDA_CHECK(cudaFree(d_dst));
    CUDA_CHECK(cudaFree(d_out));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_hist));
    return ok ? 0 : 1;
}
