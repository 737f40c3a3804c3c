// llm.c's blockReduce: an overloaded device function template with a `__shared__` array. A call cannot tell
// which overload it reaches, so every overload takes the array as the same parameter, the kernel allocates
// it, and the declaration becomes a pointer bound to the parameter.
#include <cstdio>
#define WARP_SIZE 32

template <int scale>
__device__ inline float blockReduce(float val, bool final_sync, float out_of_bounds) {
    // a tree over one slot per thread (blocks of up to WARP_SIZE threads)
    __shared__ float shared_val[WARP_SIZE];
    const int tid = threadIdx.x;
    shared_val[tid] = val;
    for (int i = blockDim.x; i < WARP_SIZE; i++) if (tid == 0) shared_val[i] = out_of_bounds;
    __syncthreads();
    for (int stride = WARP_SIZE / 2; stride > 0; stride /= 2) {
        if (tid < stride) shared_val[tid] += shared_val[tid + stride];
        __syncthreads();
    }
    float block_val = shared_val[0];
    if (final_sync) { __syncthreads(); }
    return scale * block_val;
}

template <int scale>
__device__ inline float blockReduce(float val) {
    return blockReduce<scale>(val, false, 0.0f);
}

__global__ void block_sums(const float *in, float *out) {
    float s = blockReduce<2>(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (threadIdx.x == 0) out[blockIdx.x] = s;
}

int main() {
    float h[64], sums[2], *in, *out;
    for (int i = 0; i < 64; i++) h[i] = (float)(i % 5);
    cudaMalloc(&in, sizeof(h));
    cudaMalloc(&out, sizeof(sums));
    cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
    block_sums<<<2, 32>>>(in, out);
    cudaMemcpy(sums, out, sizeof(sums), cudaMemcpyDeviceToHost);
    printf("%g %g\n", sums[0], sums[1]);
    return 0;
}
