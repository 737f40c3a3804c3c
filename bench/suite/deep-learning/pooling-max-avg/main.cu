// Max pooling (with argmax, as needed by the backward pass) and average pooling over NCHW planes.
// blockIdx.z selects the (n, c) plane; x/y of the grid tile the output plane.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <cfloat>
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

struct PoolShape {
    int H, W;          // input plane
    int OH, OW;        // output plane
    int k, stride, pad;
};

__host__ __device__ inline PoolShape make_pool(int H, int W, int k, int stride, int pad) {
    PoolShape s;
    s.H = H;
    s.W = W;
    s.k = k;
    s.stride = stride;
    s.pad = pad;
    s.OH = (H + 2 * pad - k) / stride + 1;
    s.OW = (W + 2 * pad - k) / stride + 1;
    return s;
}

__global__ void max_pool2d(const float* __restrict__ in, float* __restrict__ out, int* __restrict__ argmax,
                           PoolShape s) {
    const int ox = blockIdx.x * blockDim.x + threadIdx.x;
    const int oy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ox >= s.OW || oy >= s.OH) return;
    const float* plane = in + (size_t)blockIdx.z * s.H * s.W;
    float best = -FLT_MAX;
    int best_idx = -1;
    for (int r = 0; r < s.k; ++r)
        for (int c = 0; c < s.k; ++c) {
            const int iy = oy * s.stride - s.pad + r, ix = ox * s.stride - s.pad + c;
            if (iy < 0 || iy >= s.H || ix < 0 || ix >= s.W) continue;
            const float v = plane[iy * s.W + ix];
            if (v > best) {
                best = v;
                best_idx = iy * s.W + ix;
            }
        }
    const size_t o = (size_t)blockIdx.z * s.OH * s.OW + (size_t)oy * s.OW + ox;
    out[o] = best;
    argmax[o] = best_idx;
}

__global__ void avg_pool2d_exclude_pad(const float* __restrict__ in, float* __restrict__ out, PoolShape s) {
    const int ox = blockIdx.x * blockDim.x + threadIdx.x;
    const int oy = blockIdx.y * blockDim.y + threadIdx.y;
    if (ox >= s.OW || oy >= s.OH) return;
    const float* plane = in + (size_t)blockIdx.z * s.H * s.W;
    const int y0 = max(oy * s.stride - s.pad, 0), y1 = min(oy * s.stride - s.pad + s.k, s.H);
    const int x0 = max(ox * s.stride - s.pad, 0), x1 = min(ox * s.stride - s.pad + s.k, s.W);
    float sum = 0.0f;
    for (int iy = y0; iy < y1; ++iy)
        for (int ix = x0; ix < x1; ++ix) sum += plane[iy * s.W + ix];
    out[(size_t)blockIdx.z * s.OH * s.OW + (size_t)oy * s.OW + ox] = sum / (float)((y1 - y0) * (x1 - x0));
}

int main(int argc, char** argv) {
    const int N = (argc > 1) ? atoi(argv[1]) : 8;
    const int C = (argc > 2) ? atoi(argv[2]) : 32;
    const int HW = (argc > 3) ? atoi(argv[3]) : 128;
    const int planes = N * C;
    const PoolShape mp = make_pool(HW, HW, 2, 2, 0);
    const PoolShape ap = make_pool(HW, HW, 3, 1, 1);
    const size_t in_count = (size_t)planes * HW * HW;
    const size_t mp_count = (size_t)planes * mp.OH * mp.OW;
    const size_t ap_count = (size_t)planes * ap.OH * ap.OW;

    std::vector<float> h_in(in_count), h_max(mp_count), h_avg(ap_count);
    std::vector<int> h_arg(mp_count);
    uint32_t seed = 60606u;
    for (auto& v : h_in) {
        seed = seed * 1664525u + 1013904223u;
        v = (float)((seed >> 8) % 4096u) / 256.0f - 8.0f;  // coarse grid of values: ties do happen
    }

    float *d_in, *d_max, *d_avg;
    int* d_arg;
    CUDA_CHECK(cudaMalloc(&d_in, in_count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_max, mp_count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_avg, ap_count * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_arg, mp_count * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d_in, h_in.data(), in_count * sizeof(float), cudaMemcpyHostToDevice));

    dim3 block(16, 16);
    dim3 mgrid((mp.OW + 15) / 16, (mp.OH + 15) / 16, planes);
    dim3 agrid((ap.OW + 15) / 16, (ap.OH + 15) / 16, planes);
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    max_pool2d<<<mgrid, block>>>(d_in, d_max, d_arg, mp);
    CUDA_CHECK(cudaGetLastError());
    avg_pool2d_exclude_pad<<<agrid, block>>>(d_in, d_avg, ap);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaMemcpy(h_max.data(), d_max, mp_count * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_arg.data(), d_arg, mp_count * sizeof(int), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_avg.data(), d_avg, ap_count * sizeof(float), cudaMemcpyDeviceToHost));

    bool ok = true;
    double max_sum = 0.0, avg_sum = 0.0;
    uint64_t arg_hash = 0;
    for (int p = 0; p < planes; ++p) {
        const float* plane = &h_in[(size_t)p * HW * HW];
        for (int oy = 0; oy < mp.OH; ++oy)
            for (int ox = 0; ox < mp.OW; ++ox) {
                float best = -FLT_MAX;
                int bi = -1;
                for (int r = 0; r < 2; ++r)
                    for (int c = 0; c < 2; ++c) {
                        const int idx = (oy * 2 + r) * HW + ox * 2 + c;
                        if (plane[idx] > best) {
                            best = plane[idx];
                            bi = idx;
                        }
                    }
                const size_t o = (size_t)p * mp.OH * mp.OW + (size_t)oy * mp.OW + ox;
                if (h_max[o] != best || h_arg[o] != bi) {
                    if (ok) fprintf(stderr, "max plane %d (%d,%d): gpu %f@%d cpu %f@%d\n", p, oy, ox, h_max[o], h_arg[o], best, bi);
                    ok = false;
                }
                max_sum += h_max[o];
                arg_hash = arg_hash * 1000003u + (uint64_t)h_arg[o];
            }
        for (int oy = 0; oy < ap.OH; ++oy)
            for (int ox = 0; ox < ap.OW; ++ox) {
                double s = 0.0;
                int cnt = 0;
                for (int iy = oy - 1; iy <= oy + 1; ++iy)
                    for (int ix = ox - 1; ix <= ox + 1; ++ix)
                        if (iy >= 0 && iy < HW && ix >= 0 && ix < HW) {
                            s += plane[iy * HW + ix];
                            ++cnt;
                        }
                const double ref = s / cnt;
                const float got = h_avg[(size_t)p * ap.OH * ap.OW + (size_t)oy * ap.OW + ox];
                if (fabs(got - ref) > 1e-5 + 1e-5 * fabs(ref)) {
                    if (ok) fprintf(stderr, "avg plane %d (%d,%d): gpu %f cpu %f\n", p, oy, ox, got, ref);
                    ok = false;
                }
                avg_sum += fabs(got);
            }
    }

    printf("RESULT max_sum %.9g\n", max_sum);
    printf("RESULT argmax_hash %llu\n", (unsigned long long)arg_hash);
    printf("RESULT argmax %d %d %d\n", h_arg[0], h_arg[mp_count / 2], h_arg[mp_count - 1]);
    printf("RESULT avg_abs_sum %.6g\n", avg_sum);
    printf("RESULT avg %.6g %.6g %.6g\n", h_avg[0], h_avg[ap_count / 2 + 1], h_avg[ap_count - 1]);
    printf("TIME_MS %.4f\n", ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_max));
    CUDA_CHECK(cudaFree(d_avg));
    CUDA_CHECK(cudaFree(d_arg));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
