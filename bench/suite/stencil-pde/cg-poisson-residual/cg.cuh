// Shared declarations for the conjugate-gradient Poisson solver (three translation units).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                                     \
    do {                                                                                     \
        cudaError_t err__ = (call);                                                          \
        if (err__ != cudaSuccess) {                                                          \
            fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err__), __FILE__, \
                    __LINE__);                                                               \
            std::exit(EXIT_FAILURE);                                                         \
        }                                                                                    \
    } while (0)

constexpr int STENCIL_BX = 32;
constexpr int STENCIL_BY = 8;
constexpr int DOT_THREADS = 256;
constexpr int DOT_BLOCKS = 256;

// Grid of nx * ny unknowns, 5-point negative Laplacian with zero Dirichlet boundary outside.
struct Grid2D {
    int nx, ny;
    int size() const { return nx * ny; }
};

// stencil.cu
void apply_poisson(const Grid2D& g, const float* x, float* y);                // y = A x
void poisson_residual(const Grid2D& g, const float* b, const float* x, float* r);  // r = b - A x

// blas.cu
// Returns dot(a, b); partial holds DOT_BLOCKS floats of scratch, result one float.
float device_dot(const float* a, const float* b, int n, float* partial, float* result);
void axpy(float alpha, const float* x, float* y, int n);       // y += alpha x
void xpay(const float* x, float beta, float* y, int n);        // y = x + beta y
