// Managed memory with explicit prefetching. The host writes the arrays, the GPU runs several
// relaxation sweeps in place, and the host reads the result through the same pointers. Where
// the device lacks concurrent managed access the prefetches are skipped (the program is still
// correct: pages migrate on demand at launch / synchronize).
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
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

constexpr int kSweeps = 8;

// x <- x + alpha * (target - x) * w: each sweep moves x toward target by a per-element weight.
__global__ void relax_sweep(float* x, const float* __restrict__ target, const float* __restrict__ w,
                            float alpha, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        float xi = x[i];
        x[i] = xi + alpha * (target[i] - xi) * w[i];
    }
}

static void prefetch(const void* ptr, size_t bytes, int device, cudaStream_t stream) {
    cudaMemLocation loc = {};
    if (device == cudaCpuDeviceId) {
        loc.type = cudaMemLocationTypeHost;
        loc.id = 0;
    } else {
        loc.type = cudaMemLocationTypeDevice;
        loc.id = device;
    }
    CUDA_CHECK(cudaMemPrefetchAsync(ptr, bytes, loc, 0, stream));
}

int main(int argc, char** argv) {
    size_t n = argc > 1 ? strtoull(argv[1], nullptr, 10) : (size_t)1 << 23;
    const float alpha = 0.35f;

    int dev = 0, concurrent = 0;
    CUDA_CHECK(cudaGetDevice(&dev));
    CUDA_CHECK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, dev));
    fprintf(stderr, "concurrentManagedAccess = %d\n", concurrent);

    float *x, *target, *w;
    CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
    CUDA_CHECK(cudaMallocManaged(&target, n * sizeof(float)));
    CUDA_CHECK(cudaMallocManaged(&w, n * sizeof(float)));

    uint32_t s = 4242u;
    for (size_t i = 0; i < n; ++i) {
        s = s * 1664525u + 1013904223u;
        x[i] = (float)(s >> 8) / 16777216.0f;
        s = s * 1664525u + 1013904223u;
        target[i] = 2.0f * (float)(s >> 8) / 16777216.0f - 1.0f;
        w[i] = 0.5f + 0.5f * (float)(i % 97) / 96.0f;
    }
    // Keep a host copy of the start state for the reference.
    float* x0 = (float*)malloc(n * sizeof(float));
    for (size_t i = 0; i < n; ++i) x0[i] = x[i];

    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    if (concurrent) {
        prefetch(x, n * sizeof(float), dev, stream);
        prefetch(target, n * sizeof(float), dev, stream);
        prefetch(w, n * sizeof(float), dev, stream);
    }
    int threads = 256, blocks = 0;
    CUDA_CHECK(cudaDeviceGetAttribute(&blocks, cudaDevAttrMultiProcessorCount, dev));
    blocks *= 8;

    CUDA_CHECK(cudaEventRecord(start, stream));
    for (int it = 0; it < kSweeps; ++it) {
        relax_sweep<<<blocks, threads, 0, stream>>>(x, target, w, alpha, n);
        CUDA_CHECK(cudaGetLastError());
    }
    CUDA_CHECK(cudaEventRecord(stop, stream));
    if (concurrent) prefetch(x, n * sizeof(float), cudaCpuDeviceId, stream);
    CUDA_CHECK(cudaStreamSynchronize(stream));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    size_t bad = 0;
    double checksum = 0.0, max_err = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double xi = x0[i];
        for (int it = 0; it < kSweeps; ++it) xi = xi + (double)alpha * (target[i] - xi) * w[i];
        double err = fabs(x[i] - xi);
        if (err > max_err) max_err = err;
        if (err > 1e-5 * fabs(xi) + 1e-5) ++bad;
        checksum += x[i];
    }
    printf("RESULT checksum %.9g\n", checksum);
    printf("RESULT samples %.6g %.6g %.6g %.6g\n", x[0], x[n / 3], x[n / 2], x[n - 1]);
    printf("TIME_MS %.4f\n", ms);
    fprintf(stderr, "max abs error %.3g, mismatches %zu\n", max_err, bad);

    free(x0);
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(x));
    CUDA_CHECK(cudaFree(target));
    CUDA_CHECK(cudaFree(w));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
