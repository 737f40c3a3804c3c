// Shared declarations of the multi-block exclusive scan (Blelloch) used by main.cu and scan_kernels.cu.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
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

// Padding one word every 32 keeps the tree's strided accesses off the same shared-memory bank.
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(i) ((i) >> LOG_NUM_BANKS)

constexpr int SCAN_THREADS = 256;
constexpr int SCAN_ELEMS_PER_BLOCK = 2 * SCAN_THREADS;

// One buffer of block sums (and its scanned copy) per recursion level, allocated once up front.
struct ScanWorkspace {
    std::vector<unsigned*> sums;
    std::vector<unsigned*> scanned;
    std::vector<size_t> sizes;
};

__global__ void blelloch_block_scan(const unsigned* __restrict__ in, unsigned* __restrict__ out,
                                    unsigned* __restrict__ block_sums, size_t n);
__global__ void add_block_increments(unsigned* __restrict__ data, const unsigned* __restrict__ incr, size_t n);

size_t scan_shared_bytes();
void scan_workspace_create(ScanWorkspace& ws, size_t n);
void scan_workspace_destroy(ScanWorkspace& ws);
void scan_exclusive(const unsigned* d_in, unsigned* d_out, size_t n, ScanWorkspace& ws, int level = 0);
