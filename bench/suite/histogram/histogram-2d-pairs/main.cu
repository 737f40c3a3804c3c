// 2-D histogram of 8M (x, y) points into a 64 x 64 grid over [-4, 4)^2, plus an out-of-range count.
//
// Points are float2 (one 64-bit load each). Each block keeps a private 64x64 histogram in static shared
// memory (16 KiB); it is flushed to the global histogram with one atomicAdd per non-empty cell. The kernel
// is launched on a 2-D grid: blockIdx.y picks a slab of the input, blockIdx.x strides inside the slab.
// Coordinates are multiples of 2^-16, so (v - lo) * scale is exact and binning matches the CPU exactly.
#include <cmath>
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

constexpr int kNx = 64, kNy = 64;
constexpr float kLo = -4.0f, kHi = 4.0f;
constexpr float kScale = kNx / (kHi - kLo);  // 8 bins per unit, same for y

// Cell index, or -1 when the point falls outside the histogram range.
__host__ __device__ inline int cell_of(float2 p)
{
    if (!(p.x >= kLo && p.x < kHi && p.y >= kLo && p.y < kHi))
        return -1;
    const int ix = min((int)((p.x - kLo) * kScale), kNx - 1);
    const int iy = min((int)((p.y - kLo) * kScale), kNy - 1);
    return iy * kNx + ix;
}

__global__ void histogram_2d(const float2 *__restrict__ pts, int n, int slab, unsigned int *__restrict__ hist,
                             unsigned int *__restrict__ outside)
{
    __shared__ unsigned int s_hist[kNx * kNy];
    __shared__ unsigned int s_out;
    for (int c = threadIdx.x; c < kNx * kNy; c += blockDim.x)
        s_hist[c] = 0;
    if (threadIdx.x == 0)
        s_out = 0;
    __syncthreads();

    const int begin = blockIdx.y * slab;
    const int end = min(begin + slab, n);
    for (int i = begin + blockIdx.x * blockDim.x + threadIdx.x; i < end; i += gridDim.x * blockDim.x) {
        const int c = cell_of(pts[i]);
        if (c >= 0)
            atomicAdd(&s_hist[c], 1u);
        else
            atomicAdd(&s_out, 1u);
    }
    __syncthreads();
    for (int c = threadIdx.x; c < kNx * kNy; c += blockDim.x)
        if (s_hist[c])
            atomicAdd(&hist[c], s_hist[c]);
    if (threadIdx.x == 0 && s_out)
        atomicAdd(outside, s_out);
}

int main(int argc, char **argv)
{
    const int n = argc > 1 ? atoi(argv[1]) : 1 << 23;
    // Correlated bell-shaped pairs: x, y from sums of uniforms, y partly following x; multiples of 2^-16.
    std::vector<float2> pts(n);
    uint32_t s = 31u;
    auto uniform16 = [&]() {
        s = s * 1664525u + 1013904223u;
        return (int)(s >> 16);  // 0..65535
    };
    for (int i = 0; i < n; ++i) {
        const int a = uniform16() + uniform16() + uniform16() + uniform16() - 131070;   // about -2^17..2^17
        const int b = uniform16() + uniform16() + uniform16() + uniform16() - 131070;
        const float x = (float)(a * 3) * (1.0f / 65536.0f);                               // about -6..6
        const float y = (float)((a + b) * 2) * (1.0f / 65536.0f);
        pts[i] = make_float2(x, y);
    }

    float2 *d_pts;
    unsigned int *d_hist, *d_out;
    CUDA_CHECK(cudaMalloc(&d_pts, n * sizeof(float2)));
    CUDA_CHECK(cudaMalloc(&d_hist, kNx * kNy * sizeof(unsigned int)));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof(unsigned int)));
    CUDA_CHECK(cudaMemcpy(d_pts, pts.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_hist, 0, kNx * kNy * sizeof(unsigned int)));
    CUDA_CHECK(cudaMemset(d_out, 0, sizeof(unsigned int)));

    const int slabs = 16;
    const int slab = (n + slabs - 1) / slabs;
    dim3 grid(32, slabs);
    cudaEvent_t t0, t1;
    CUDA_CHECK(cudaEventCreate(&t0));
    CUDA_CHECK(cudaEventCreate(&t1));
    CUDA_CHECK(cudaEventRecord(t0));
    histogram_2d<<<grid, 512>>>(d_pts, n, slab, d_hist, d_out);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(t1));
    CUDA_CHECK(cudaEventSynchronize(t1));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, t0, t1));

    std::vector<unsigned int> hist(kNx * kNy), ref(kNx * kNy, 0);
    unsigned int outside = 0, ref_out = 0;
    CUDA_CHECK(cudaMemcpy(hist.data(), d_hist, kNx * kNy * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&outside, d_out, sizeof(unsigned int), cudaMemcpyDeviceToHost));
    for (const float2 &p : pts) {
        const int c = cell_of(p);
        if (c >= 0)
            ++ref[c];
        else
            ++ref_out;
    }
    size_t bad = 0;
    uint64_t total = 0;
    double mx = 0.0, my = 0.0;
    for (int c = 0; c < kNx * kNy; ++c) {
        if (hist[c] != ref[c] && bad++ < 5)
            fprintf(stderr, "cell %d: gpu %u cpu %u\n", c, hist[c], ref[c]);
        total += hist[c];
        mx += (double)hist[c] * (c % kNx);
        my += (double)hist[c] * (c / kNx);
    }
    const bool ok = bad == 0 && outside == ref_out && total + outside == (uint64_t)n;
    if (outside != ref_out)
        fprintf(stderr, "outside gpu %u cpu %u\n", outside, ref_out);

    printf("RESULT inside %llu\n", (unsigned long long)total);
    printf("RESULT outside %u\n", outside);
    printf("RESULT mean_cell %.9g %.9g\n", mx / (double)total, my / (double)total);
    printf("RESULT diagonal");
    for (int k = 0; k < kNx; k += 4)
        printf(" %u", hist[k * kNx + k]);
    printf("\n");
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaFree(d_pts));
    CUDA_CHECK(cudaFree(d_hist));
    CUDA_CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
