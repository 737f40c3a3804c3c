// Batched small-matrix Cholesky: shared declarations for main.cu and cholesky_kernels.cu.
#pragma once

#include <cstdio>
#include <cstdlib>
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

// Status codes written per matrix: 0 = factorised, k+1 = pivot k was not positive.
enum CholeskyStatus : int { CHOL_OK = 0 };

// Factorises `batch` row-major n x n SPD matrices in place (lower triangle = L, upper triangle zeroed)
// and writes log(det(A)) per matrix. n must be 16 or 32. Launches on `stream`; returns false for an
// unsupported n.
bool cholesky_batched(float* d_mats, float* d_logdet, int* d_info, int n, int batch, cudaStream_t stream);
