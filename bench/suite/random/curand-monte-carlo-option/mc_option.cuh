// Shared between the Monte Carlo driver (main.cu) and its kernels (mc_kernels.cu).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define CUDA_CHECK(call)                                                                  \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d: %s\n", #call, __FILE__, __LINE__,    \
                    cudaGetErrorString(err_));                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

constexpr int kMcThreads = 256;
constexpr int kMcBlocks = 256;

struct OptionParams {
    float spot;
    float strike;
    float rate;
    float sigma;
    float maturity;
};

// Per-block sums of discounted payoffs and of their squares, for call and put.
struct BlockSums {
    double call_sum, call_sq, put_sum, put_sq;
};

void init_rng(curandState* states, unsigned long long seed);
void price_paths(curandState* states, OptionParams p, long long paths, BlockSums* d_block_sums);
