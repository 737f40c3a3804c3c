// One block computes Q_TILE output rows of one head:
//   1. scores[r][j] = scale * q_r . k_j over all keys, K streamed through shared memory in tiles
//   2. row softmax of the scores, one warp per row
//   3. out[r] = sum_j p[r][j] v_j, V streamed through the same shared tile
#include <cmath>
#include "attention.cuh"

static_assert((Q_TILE * HEAD_DIM) % ATTN_THREADS == 0, "each thread owns a whole number of outputs");

__device__ __forceinline__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o));
    return v;
}

__device__ __forceinline__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
    return v;
}

__global__ void __launch_bounds__(ATTN_THREADS) sdpa_kernel(AttentionParams p) {
    extern __shared__ float scores[];  // Q_TILE x seq_len
    __shared__ float q_s[Q_TILE][HEAD_DIM];
    __shared__ float kv_s[KV_TILE][HEAD_DIM + 1];  // +1: column reads across keys avoid bank conflicts

    const int S = p.seq_len;
    const int tid = threadIdx.x;
    const int q0 = blockIdx.x * Q_TILE;
    const size_t head = (size_t)blockIdx.y * S * HEAD_DIM;
    const float* Q = p.q + head;
    const float* K = p.k + head;
    const float* V = p.v + head;

    for (int i = tid; i < Q_TILE * HEAD_DIM; i += blockDim.x) {
        const int r = i / HEAD_DIM, d = i % HEAD_DIM;
        q_s[r][d] = (q0 + r < S) ? Q[(size_t)(q0 + r) * HEAD_DIM + d] : 0.0f;
    }

    for (int k0 = 0; k0 < S; k0 += KV_TILE) {
        __syncthreads();
        for (int i = tid; i < KV_TILE * HEAD_DIM; i += blockDim.x) {
            const int c = i / HEAD_DIM, d = i % HEAD_DIM;
            kv_s[c][d] = (k0 + c < S) ? K[(size_t)(k0 + c) * HEAD_DIM + d] : 0.0f;
        }
        __syncthreads();
        for (int i = tid; i < Q_TILE * KV_TILE; i += blockDim.x) {
            const int r = i / KV_TILE, c = i % KV_TILE;
            const int key = k0 + c;
            if (key >= S) continue;
            float dot = 0.0f;
#pragma unroll 16
            for (int d = 0; d < HEAD_DIM; ++d) dot += q_s[r][d] * kv_s[c][d];
            float s = dot * p.scale;
            if (p.causal && key > q0 + r) s = -INFINITY;
            scores[r * S + key] = s;
        }
    }
    __syncthreads();

    const int lane = tid & 31, warp = tid >> 5, nwarps = blockDim.x >> 5;
    for (int r = warp; r < Q_TILE; r += nwarps) {
        float* row = scores + r * S;
        float m = -INFINITY;
        for (int j = lane; j < S; j += 32) m = fmaxf(m, row[j]);
        m = warp_max(m);  // finite: key 0 is never masked
        float sum = 0.0f;
        for (int j = lane; j < S; j += 32) {
            const float e = expf(row[j] - m);
            row[j] = e;
            sum += e;
        }
        const float inv = 1.0f / warp_sum(sum);
        for (int j = lane; j < S; j += 32) row[j] *= inv;
    }

    constexpr int OUT_PER_THREAD = Q_TILE * HEAD_DIM / ATTN_THREADS;
    float acc[OUT_PER_THREAD];
#pragma unroll
    for (int e = 0; e < OUT_PER_THREAD; ++e) acc[e] = 0.0f;

    for (int k0 = 0; k0 < S; k0 += KV_TILE) {
        __syncthreads();  // also orders the softmax writes before the first reads below
        for (int i = tid; i < KV_TILE * HEAD_DIM; i += blockDim.x) {
            const int c = i / HEAD_DIM, d = i % HEAD_DIM;
            kv_s[c][d] = (k0 + c < S) ? V[(size_t)(k0 + c) * HEAD_DIM + d] : 0.0f;
        }
        __syncthreads();
        const int kcount = min(KV_TILE, S - k0);
#pragma unroll
        for (int e = 0; e < OUT_PER_THREAD; ++e) {
            const int idx = tid + e * ATTN_THREADS;
            const int r = idx / HEAD_DIM, d = idx % HEAD_DIM;
            const float* prow = scores + r * S + k0;
            float a = acc[e];
            for (int c = 0; c < kcount; ++c) a += prow[c] * kv_s[c][d];
            acc[e] = a;
        }
    }

#pragma unroll
    for (int e = 0; e < OUT_PER_THREAD; ++e) {
        const int idx = tid + e * ATTN_THREADS;
        const int r = idx / HEAD_DIM, d = idx % HEAD_DIM;
        if (q0 + r < S) p.out[head + (size_t)(q0 + r) * HEAD_DIM + d] = acc[e];
    }
}

size_t attention_shared_bytes(int seq_len) { return (size_t)Q_TILE * seq_len * sizeof(float); }

void launch_attention(const AttentionParams& p, cudaStream_t stream) {
    const size_t smem = attention_shared_bytes(p.seq_len);
    if (smem > 48 * 1024)
        CUDA_CHECK(cudaFuncSetAttribute(sdpa_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    dim3 grid((p.seq_len + Q_TILE - 1) / Q_TILE, p.batch_heads);
    sdpa_kernel<<<grid, ATTN_THREADS, smem, stream>>>(p);
    CUDA_CHECK(cudaGetLastError());
}
