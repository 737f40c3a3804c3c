// Vector norms with register-bounded kernels. __launch_bounds__(BLOCK, MIN_BLOCKS) tells the compiler the
// block size is at most BLOCK and asks for MIN_BLOCKS resident blocks per SM, which caps registers per
// thread. Block partials are combined by a second launch, so the result does not depend on scheduling.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                   \
    do {                                                                                   \
        cudaError_t err_ = (call);                                                         \
        if (err_ != cudaSuccess) {                                                         \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,     \
                    cudaGetErrorString(err_));                                             \
            exit(EXIT_FAILURE);                                                            \
        }                                                                                  \
    } while (0)

constexpr int MIN_BLOCKS_PER_SM = 4;

struct Norms {
    float l1, l2sq, linf;
};

__device__ __forceinline__ Norms warp_reduce(Norms v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) {
        v.l1 += __shfl_down_sync(0xffffffff, v.l1, offset);
        v.l2sq += __shfl_down_sync(0xffffffff, v.l2sq, offset);
        v.linf = fmaxf(v.linf, __shfl_down_sync(0xffffffff, v.linf, offset));
    }
    return v;
}

template <int BLOCK>
__device__ Norms block_reduce(Norms v) {
    __shared__ Norms warp_vals[BLOCK / 32];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    v = warp_reduce(v);
    if (lane == 0) warp_vals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = (lane < BLOCK / 32) ? warp_vals[lane] : Norms{0.0f, 0.0f, 0.0f};
        v = warp_reduce(v);
    }
    return v;  // valid in thread 0
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK, MIN_BLOCKS_PER_SM)
    norms_partial(const float* __restrict__ x, int n, Norms* __restrict__ partial) {
    Norms acc{0.0f, 0.0f, 0.0f};
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x) {
        const float v = x[i];
        acc.l1 += fabsf(v);
        acc.l2sq = __fmaf_rn(v, v, acc.l2sq);
        acc.linf = fmaxf(acc.linf, fabsf(v));
    }
    acc = block_reduce<BLOCK>(acc);
    if (threadIdx.x == 0) partial[blockIdx.x] = acc;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) norms_final(const Norms* __restrict__ partial, int count, Norms* __restrict__ out) {
    Norms acc{0.0f, 0.0f, 0.0f};
    for (int i = threadIdx.x; i < count; i += BLOCK) {
        const Norms p = partial[i];
        acc.l1 += p.l1;
        acc.l2sq += p.l2sq;
        acc.linf = fmaxf(acc.linf, p.linf);
    }
    acc = block_reduce<BLOCK>(acc);
    if (threadIdx.x == 0) *out = acc;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK, MIN_BLOCKS_PER_SM)
    scale_by_inverse_l2(const float* __restrict__ x, float* __restrict__ y, int n, const Norms* __restrict__ norms) {
    const float inv = rsqrtf(norms->l2sq);
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x) y[i] = x[i] * inv;
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : (1 << 24);
    constexpr int kBlock = 256;

    std::vector<float> hx(n), hy(n);
    uint32_t seed = 13579u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        hx[i] = ((float)(seed >> 8) * (1.0f / 16777216.0f) - 0.5f) * (1.0f + (float)(i % 1000) * 0.001f);
    }

    int sms = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const int blocks = sms * MIN_BLOCKS_PER_SM;

    float *dx, *dy;
    Norms *d_partial, *d_norms;
    CUDA_CHECK(cudaMalloc(&dx, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dy, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_partial, blocks * sizeof(Norms)));
    CUDA_CHECK(cudaMalloc(&d_norms, sizeof(Norms)));
    CUDA_CHECK(cudaMemcpy(dx, hx.data(), (size_t)n * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    norms_partial<kBlock><<<blocks, kBlock>>>(dx, n, d_partial);
    CUDA_CHECK(cudaGetLastError());
    norms_final<kBlock><<<1, kBlock>>>(d_partial, blocks, d_norms);
    CUDA_CHECK(cudaGetLastError());
    scale_by_inverse_l2<kBlock><<<blocks, kBlock>>>(dx, dy, n, d_norms);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    Norms g;
    CUDA_CHECK(cudaMemcpy(&g, d_norms, sizeof(Norms), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(hy.data(), dy, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));

    double l1 = 0.0, l2sq = 0.0, linf = 0.0;
    for (int i = 0; i < n; ++i) {
        l1 += fabs(hx[i]);
        l2sq += (double)hx[i] * hx[i];
        linf = fmax(linf, fabs(hx[i]));
    }
    const double l2 = sqrt(l2sq);
    bool ok = fabs(g.l1 - l1) <= 1e-5 * l1 && fabs(g.l2sq - l2sq) <= 1e-5 * l2sq && (double)g.linf == linf;
    if (!ok) fprintf(stderr, "gpu (%f %f %f) cpu (%f %f %f)\n", g.l1, g.l2sq, g.linf, l1, l2sq, linf);
    double ysq = 0.0;
    for (int i = 0; i < n; ++i) {
        const double ref = hx[i] / l2;
        if (fabs(hy[i] - ref) > 1e-9 + 1e-5 * fabs(ref)) {
            if (ok) fprintf(stderr, "normalised %d: gpu %g cpu %g\n", i, hy[i], ref);
            ok = false;
        }
        ysq += (double)hy[i] * hy[i];
    }

    printf("RESULT l1 %.6g\n", g.l1);
    printf("RESULT l2 %.6g\n", sqrt((double)g.l2sq));
    printf("RESULT linf %.9g\n", g.linf);
    printf("RESULT unit_norm_sq %.6g\n", ysq);
    printf("RESULT normalised %.6g %.6g %.6g\n", hy[0], hy[n / 2], hy[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(dx));
    CUDA_CHECK(cudaFree(dy));
    CUDA_CHECK(cudaFree(d_partial));
    CUDA_CHECK(cudaFree(d_norms));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
