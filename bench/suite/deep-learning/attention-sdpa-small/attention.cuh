// Scaled dot-product attention for small heads: shared declarations.
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

constexpr int HEAD_DIM = 64;     // fixed head size
constexpr int Q_TILE = 16;       // queries per block
constexpr int KV_TILE = 32;      // keys/values staged in shared memory at a time
constexpr int ATTN_THREADS = 128;

// Q, K, V, out: [batch_heads][seq_len][HEAD_DIM], contiguous.
struct AttentionParams {
    const float* q;
    const float* k;
    const float* v;
    float* out;
    int batch_heads;
    int seq_len;
    float scale;
    bool causal;
};

size_t attention_shared_bytes(int seq_len);
void launch_attention(const AttentionParams& p, cudaStream_t stream);
