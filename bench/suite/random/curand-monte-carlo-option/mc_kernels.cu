#include "mc_option.cuh"

__global__ void init_rng_kernel(curandState* states, unsigned long long seed) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    // Same seed, one subsequence per thread: independent, reproducible streams.
    curand_init(seed, id, 0, &states[id]);
}

__device__ __forceinline__ float terminal_price(const OptionParams& p, float z) {
    float drift = (p.rate - 0.5f * p.sigma * p.sigma) * p.maturity;
    float vol = p.sigma * sqrtf(p.maturity);
    return p.spot * expf(drift + vol * z);
}

__global__ void price_kernel(curandState* states, OptionParams p, long long paths, BlockSums* out) {
    __shared__ double s_vals[4][kMcThreads];
    const int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState local = states[id];
    const float discount = expf(-p.rate * p.maturity);
    double c = 0.0, c2 = 0.0, q = 0.0, q2 = 0.0;
    for (long long i = id; i < paths; i += (long long)gridDim.x * blockDim.x) {
        float st = terminal_price(p, curand_normal(&local));
        float call = discount * fmaxf(st - p.strike, 0.0f);
        float put = discount * fmaxf(p.strike - st, 0.0f);
        c += call;
        c2 += (double)call * call;
        q += put;
        q2 += (double)put * put;
    }
    states[id] = local;
    s_vals[0][threadIdx.x] = c;
    s_vals[1][threadIdx.x] = c2;
    s_vals[2][threadIdx.x] = q;
    s_vals[3][threadIdx.x] = q2;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (threadIdx.x < stride)
            for (int k = 0; k < 4; ++k) s_vals[k][threadIdx.x] += s_vals[k][threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        out[blockIdx.x].call_sum = s_vals[0][0];
        out[blockIdx.x].call_sq = s_vals[1][0];
        out[blockIdx.x].put_sum = s_vals[2][0];
        out[blockIdx.x].put_sq = s_vals[3][0];
    }
}

void init_rng(curandState* states, unsigned long long seed) {
    init_rng_kernel<<<kMcBlocks, kMcThreads>>>(states, seed);
    CUDA_CHECK(cudaGetLastError());
}

void price_paths(curandState* states, OptionParams p, long long paths, BlockSums* d_block_sums) {
    price_kernel<<<kMcBlocks, kMcThreads>>>(states, p, paths, d_block_sums);
    CUDA_CHECK(cudaGetLastError());
}
