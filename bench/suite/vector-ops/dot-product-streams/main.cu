// Chunked dot product: chunk k is copied and reduced in stream k % NUM_STREAMS, so transfers of one
// chunk overlap the reduction of another. Each block reduces in shared memory down to 64 values; the
// last warp finishes with explicit __syncwarp() between steps (warp-synchronous code must not rely on
// implicit lockstep since Volta).
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

#define NUM_STREAMS 4
#define NUM_CHUNKS 8
#define THREADS 256

__global__ void dot_chunk(const float* __restrict__ a, const float* __restrict__ b, int n, double* __restrict__ result) {
    __shared__ float sdata[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < n; i += THREADS * gridDim.x) sum += a[i] * b[i];
    sdata[tid] = sum;
    __syncthreads();

    for (int s = THREADS / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        float v = sdata[tid] + sdata[tid + 32];
        for (int s = 16; s > 0; s >>= 1) {
            __syncwarp();
            sdata[tid] = v;
            __syncwarp();
            v += sdata[tid + s];
        }
        if (tid == 0) atomicAdd(result, (double)v);
    }
}

int main(int argc, char** argv) {
    const int n = (argc > 1) ? atoi(argv[1]) : (1 << 24);
    const int chunk = (n + NUM_CHUNKS - 1) / NUM_CHUNKS;

    float *ha, *hb;
    CUDA_CHECK(cudaMallocHost(&ha, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMallocHost(&hb, (size_t)n * sizeof(float)));
    uint32_t seed = 6174u;
    for (int i = 0; i < n; ++i) {
        seed = seed * 1664525u + 1013904223u;
        ha[i] = (float)(seed >> 8) * (1.0f / 16777216.0f);
        seed = seed * 1664525u + 1013904223u;
        hb[i] = (float)(seed >> 8) * (1.0f / 16777216.0f);
    }

    float *da, *db;
    double *d_partial, *h_partial;
    CUDA_CHECK(cudaMalloc(&da, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&db, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&d_partial, NUM_CHUNKS * sizeof(double)));
    CUDA_CHECK(cudaMallocHost(&h_partial, NUM_CHUNKS * sizeof(double)));
    CUDA_CHECK(cudaMemset(d_partial, 0, NUM_CHUNKS * sizeof(double)));

    cudaStream_t streams[NUM_STREAMS];
    for (int s = 0; s < NUM_STREAMS; ++s) CUDA_CHECK(cudaStreamCreate(&streams[s]));
    cudaEvent_t k_start[NUM_CHUNKS], k_stop[NUM_CHUNKS], all_start, all_stop;
    for (int c = 0; c < NUM_CHUNKS; ++c) {
        CUDA_CHECK(cudaEventCreate(&k_start[c]));
        CUDA_CHECK(cudaEventCreate(&k_stop[c]));
    }
    CUDA_CHECK(cudaEventCreate(&all_start));
    CUDA_CHECK(cudaEventCreate(&all_stop));

    // the legacy default stream synchronises with the blocking streams created above, so this event
    // marks the start of the whole pipeline
    CUDA_CHECK(cudaEventRecord(all_start, 0));
    for (int c = 0; c < NUM_CHUNKS; ++c) {
        cudaStream_t st = streams[c % NUM_STREAMS];
        const int off = c * chunk;
        const int len = (off + chunk <= n) ? chunk : (n > off ? n - off : 0);
        if (len > 0) {
            CUDA_CHECK(cudaMemcpyAsync(da + off, ha + off, (size_t)len * sizeof(float), cudaMemcpyHostToDevice, st));
            CUDA_CHECK(cudaMemcpyAsync(db + off, hb + off, (size_t)len * sizeof(float), cudaMemcpyHostToDevice, st));
        }
        CUDA_CHECK(cudaEventRecord(k_start[c], st));
        if (len > 0) dot_chunk<<<128, THREADS, 0, st>>>(da + off, db + off, len, d_partial + c);
        CUDA_CHECK(cudaGetLastError());
        CUDA_CHECK(cudaEventRecord(k_stop[c], st));
        CUDA_CHECK(cudaMemcpyAsync(h_partial + c, d_partial + c, sizeof(double), cudaMemcpyDeviceToHost, st));
    }
    CUDA_CHECK(cudaEventRecord(all_stop, 0));
    CUDA_CHECK(cudaEventSynchronize(all_stop));
    CUDA_CHECK(cudaDeviceSynchronize());

    float kernel_ms = 0.0f, pipeline_ms = 0.0f;
    for (int c = 0; c < NUM_CHUNKS; ++c) {
        float ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&ms, k_start[c], k_stop[c]));
        kernel_ms += ms;
    }
    CUDA_CHECK(cudaEventElapsedTime(&pipeline_ms, all_start, all_stop));
    fprintf(stderr, "kernels %.3f ms, pipeline with copies %.3f ms\n", kernel_ms, pipeline_ms);

    double dot = 0.0;
    for (int c = 0; c < NUM_CHUNKS; ++c) dot += h_partial[c];

    bool ok = true;
    double ref = 0.0;
    for (int c = 0; c < NUM_CHUNKS; ++c) {
        double part = 0.0;
        for (int i = c * chunk; i < (c + 1) * chunk && i < n; ++i) part += (double)ha[i] * hb[i];
        if (fabs(h_partial[c] - part) > 1e-5 * fabs(part) + 1e-3) {
            fprintf(stderr, "chunk %d: gpu %f cpu %f\n", c, h_partial[c], part);
            ok = false;
        }
        ref += part;
    }
    if (fabs(dot - ref) > 1e-5 * fabs(ref)) ok = false;

    printf("RESULT dot %.9g\n", dot);
    printf("RESULT chunks %.9g %.9g %.9g\n", h_partial[0], h_partial[NUM_CHUNKS / 2], h_partial[NUM_CHUNKS - 1]);
    printf("TIME_MS %.4f\n", kernel_ms);
    printf("%s\n", ok ? "PASS" : "FAIL");

    for (int s = 0; s < NUM_STREAMS; ++s) CUDA_CHECK(cudaStreamDestroy(streams[s]));
    for (int c = 0; c < NUM_CHUNKS; ++c) {
        CUDA_CHECK(cudaEventDestroy(k_start[c]));
        CUDA_CHECK(cudaEventDestroy(k_stop[c]));
    }
    CUDA_CHECK(cudaEventDestroy(all_start));
    CUDA_CHECK(cudaEventDestroy(all_stop));
    CUDA_CHECK(cudaFree(da));
    CUDA_CHECK(cudaFree(db));
    CUDA_CHECK(cudaFree(d_partial));
    CUDA_CHECK(cudaFreeHost(ha));
    CUDA_CHECK(cudaFreeHost(hb));
    CUDA_CHECK(cudaFreeHost(h_partial));
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
