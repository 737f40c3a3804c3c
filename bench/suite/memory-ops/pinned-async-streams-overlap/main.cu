// Classic copy/compute overlap: the input lives in page-locked host memory, is cut into
// chunks, and each chunk runs H2D -> kernel -> D2H on its own stream. A single-stream run of
// the same work gives the baseline; both must produce the same output.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cmath>
#include <cuda_runtime.h>

#define CHECK_CUDA(expr)                                                                      \
    do {                                                                                      \
        cudaError_t status_ = (expr);                                                         \
        if (status_ != cudaSuccess) {                                                         \
            fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,              \
                    cudaGetErrorString(status_));                                             \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)

constexpr int kStreams = 4;
constexpr int kChunks = 16;

// A little arithmetic per element so the kernel is not purely bandwidth bound.
__device__ __forceinline__ float shape(float x) {
    float p = 0.25f;
    p = fmaf(p, x, -0.5f);
    p = fmaf(p, x, 1.0f);
    p = fmaf(p, x, 0.125f);
    return p * __expf(-x * x);
}

__global__ void shape_kernel(float* __restrict__ out, const float* __restrict__ in, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x) {
        out[i] = shape(in[i]);
    }
}

static double shape_ref(float x) {
    double p = 0.25;
    p = p * x - 0.5;
    p = p * x + 1.0;
    p = p * x + 0.125;
    return p * exp(-(double)x * x);
}

int main(int argc, char** argv) {
    size_t n = (argc > 1) ? strtoull(argv[1], nullptr, 10) : (size_t)1 << 24;
    n = (n / kChunks) * kChunks;
    const size_t chunk = n / kChunks;
    const size_t bytes = n * sizeof(float);

    int dev = 0, overlap = 0;
    CHECK_CUDA(cudaGetDevice(&dev));
    CHECK_CUDA(cudaDeviceGetAttribute(&overlap, cudaDevAttrAsyncEngineCount, dev));
    fprintf(stderr, "async copy engines: %d\n", overlap);

    float *h_in, *h_out, *h_base;
    CHECK_CUDA(cudaMallocHost(&h_in, bytes));
    CHECK_CUDA(cudaMallocHost(&h_out, bytes));
    CHECK_CUDA(cudaMallocHost(&h_base, bytes));
    uint32_t s = 12345u;
    for (size_t i = 0; i < n; ++i) {
        s = s * 1103515245u + 12345u;
        h_in[i] = ((s >> 9) * (1.0f / 8388608.0f)) * 4.0f - 2.0f;  // [-2, 2)
    }

    float *d_in, *d_out;
    CHECK_CUDA(cudaMalloc(&d_in, bytes));
    CHECK_CUDA(cudaMalloc(&d_out, bytes));

    cudaStream_t streams[kStreams];
    for (int i = 0; i < kStreams; ++i) CHECK_CUDA(cudaStreamCreateWithFlags(&streams[i], cudaStreamNonBlocking));
    cudaEvent_t t0, t1, t2, t3;
    CHECK_CUDA(cudaEventCreate(&t0));
    CHECK_CUDA(cudaEventCreate(&t1));
    CHECK_CUDA(cudaEventCreate(&t2));
    CHECK_CUDA(cudaEventCreate(&t3));

    const int threads = 256;
    const int blocks = (int)((chunk + threads - 1) / threads < 2048 ? (chunk + threads - 1) / threads : 2048);

    // Warm-up launch so neither timing pays for module loading.
    shape_kernel<<<blocks, threads>>>(d_out, d_in, chunk);
    CHECK_CUDA(cudaDeviceSynchronize());

    // Baseline: everything on one stream, whole-array copies.
    CHECK_CUDA(cudaEventRecord(t0, streams[0]));
    CHECK_CUDA(cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, streams[0]));
    shape_kernel<<<blocks, threads, 0, streams[0]>>>(d_out, d_in, n);
    CHECK_CUDA(cudaMemcpyAsync(h_base, d_out, bytes, cudaMemcpyDeviceToHost, streams[0]));
    CHECK_CUDA(cudaEventRecord(t1, streams[0]));
    CHECK_CUDA(cudaEventSynchronize(t1));
    CHECK_CUDA(cudaMemset(d_out, 0, bytes));

    // Overlapped: chunk c goes to stream c % kStreams. The default stream is not used, so the
    // t2/t3 events are placed with explicit cross-stream waits.
    CHECK_CUDA(cudaEventRecord(t2, streams[0]));
    for (int i = 1; i < kStreams; ++i) CHECK_CUDA(cudaStreamWaitEvent(streams[i], t2, 0));
    for (int c = 0; c < kChunks; ++c) {
        cudaStream_t st = streams[c % kStreams];
        size_t off = (size_t)c * chunk;
        CHECK_CUDA(cudaMemcpyAsync(d_in + off, h_in + off, chunk * sizeof(float),
                                   cudaMemcpyHostToDevice, st));
        shape_kernel<<<blocks, threads, 0, st>>>(d_out + off, d_in + off, chunk);
        CHECK_CUDA(cudaGetLastError());
        CHECK_CUDA(cudaMemcpyAsync(h_out + off, d_out + off, chunk * sizeof(float),
                                   cudaMemcpyDeviceToHost, st));
    }
    cudaEvent_t done[kStreams];
    for (int i = 0; i < kStreams; ++i) {
        CHECK_CUDA(cudaEventCreateWithFlags(&done[i], cudaEventDisableTiming));
        CHECK_CUDA(cudaEventRecord(done[i], streams[i]));
        CHECK_CUDA(cudaStreamWaitEvent(streams[0], done[i], 0));
    }
    CHECK_CUDA(cudaEventRecord(t3, streams[0]));
    CHECK_CUDA(cudaEventSynchronize(t3));

    float ms_base = 0.f, ms_overlap = 0.f;
    CHECK_CUDA(cudaEventElapsedTime(&ms_base, t0, t1));
    CHECK_CUDA(cudaEventElapsedTime(&ms_overlap, t2, t3));
    fprintf(stderr, "one stream: %.3f ms, %d streams: %.3f ms (%.2fx)\n", ms_base, kStreams,
            ms_overlap, ms_base / ms_overlap);

    size_t bad = 0;
    double checksum = 0.0;
    for (size_t i = 0; i < n; ++i) {
        double ref = shape_ref(h_in[i]);
        if (fabs(h_out[i] - ref) > 1e-5 * fabs(ref) + 1e-6) ++bad;
        if (h_out[i] != h_base[i]) ++bad;  // same kernel, same input: identical bits
        checksum += h_out[i];
    }
    printf("RESULT checksum %.9g\n", checksum);
    printf("RESULT samples %.6g %.6g %.6g %.6g %.6g\n", h_out[0], h_out[chunk - 1], h_out[chunk],
           h_out[n / 2 + 7], h_out[n - 1]);
    printf("TIME_MS %.4f\n", ms_overlap);
    fprintf(stderr, "mismatches: %zu\n", bad);

    for (int i = 0; i < kStreams; ++i) {
        CHECK_CUDA(cudaEventDestroy(done[i]));
        CHECK_CUDA(cudaStreamDestroy(streams[i]));
    }
    CHECK_CUDA(cudaEventDestroy(t0));
    CHECK_CUDA(cudaEventDestroy(t1));
    CHECK_CUDA(cudaEventDestroy(t2));
    CHECK_CUDA(cudaEventDestroy(t3));
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFreeHost(h_in));
    CHECK_CUDA(cudaFreeHost(h_out));
    CHECK_CUDA(cudaFreeHost(h_base));
    puts(bad ? "FAIL" : "PASS");
    return bad ? 1 : 0;
}
