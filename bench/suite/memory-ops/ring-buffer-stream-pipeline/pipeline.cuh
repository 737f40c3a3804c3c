// Shared declarations for the ring-buffer pipeline (main.cu drives it, kernels.cu computes).
#pragma once

#include <cstdio>
#include <cstdlib>
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

constexpr int kSlots = 3;
constexpr int kThreads = 256;
constexpr int kBlocks = 512;

// One ring slot: host staging (pinned), device buffers, and the events that say how far the
// slot's batch has travelled through the pipeline.
struct Slot {
    float* h_in;
    float* h_out;
    float* h_partials;  // kBlocks per-block sums of the output
    float* d_in;
    float* d_out;
    float* d_partials;
    cudaEvent_t uploaded;
    cudaEvent_t computed;
    cudaEvent_t downloaded;
    cudaEvent_t kernel_start;  // timing events around the slot's kernel
    cudaEvent_t kernel_stop;
    int batch;  // batch currently held, -1 when free
};

// y = x * gain + 0.5 * sin(x); also writes one partial sum of y per block.
void launch_transform(const float* d_in, float* d_out, float* d_partials, size_t n, float gain,
                      cudaStream_t stream);

inline float batch_gain(int batch) { return 1.0f + 0.01f * (float)batch; }
