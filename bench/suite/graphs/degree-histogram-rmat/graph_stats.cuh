// Shared declarations for the degree statistics kernels. The device globals and the bin function are
// defined in graph_stats.cu and used from kernels in main.cu (relocatable device code).
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

constexpr int kLogBins = 33;      // bin 0: degree 0; bin b: degrees in [2^(b-1), 2^b)
constexpr int kLinearBins = 256;  // exact degrees 0..255, plus one overflow bin
constexpr int kHistBlock = 256;

extern __device__ unsigned int g_max_out_degree;
extern __device__ unsigned int g_max_in_degree;
extern __device__ unsigned long long g_self_loops;

__device__ int log2_bin(unsigned int degree);
