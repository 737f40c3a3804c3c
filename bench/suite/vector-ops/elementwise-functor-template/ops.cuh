// Functors usable on host and device, and the templated launchers of transform.cu.
#pragma once

#include <cstddef>
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

#define HD __host__ __device__ __forceinline__

template <typename T>
struct Affine {
    T a, b;
    HD T operator()(T x) const { return a * x + b; }
};

template <typename T>
struct Relu {
    HD T operator()(T x) const { return x > T(0) ? x : T(0); }
};

template <typename T>
struct Square {
    HD T operator()(T x) const { return x * x; }
};

// f(g(x)): lets callers fuse chains of unary ops into one pass over memory
template <typename F, typename G>
struct Compose {
    F f;
    G g;
    template <typename T>
    HD T operator()(T x) const {
        return f(g(x));
    }
};

template <typename T>
struct Max {
    HD T operator()(T x, T y) const { return x > y ? x : y; }
};

template <typename T>
struct AbsDiff {
    HD T operator()(T x, T y) const { return x > y ? x - y : y - x; }
};

// Number of Collatz steps to reach 1 (capped): a data-dependent loop per element.
struct CollatzSteps {
    int cap;
    HD int operator()(int x) const {
        long long v = x;
        int steps = 0;
        while (v > 1 && steps < cap) {
            v = (v & 1) ? 3 * v + 1 : v / 2;
            ++steps;
        }
        return steps;
    }
};

template <typename T, typename Op>
void launch_unary(const T* in, T* out, size_t n, Op op, cudaStream_t stream);

template <typename T, typename Op>
void launch_binary(const T* a, const T* b, T* out, size_t n, Op op, cudaStream_t stream);
