#include <cuda_runtime.h>
__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = warpSize / 2; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}
__device__ __forceinline__ float warp_max(float v) {
    for (int offset = 16; offset > 0; offset >>= 1) v = fmaxf(v, __shfl_down_sync(0xffffffff, v, offset));
    return v;
}
__global__ void sum_max(const float *x, int n, float *sum, float *mx) {
    __shared__ float s_sum[32];
    __shared__ float s_max[32];
    float s = 0.0f, m = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        s += x[i];
        m = fmaxf(m, x[i]);
    }
    s = warp_sum(s);
    m = warp_max(m);
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0) {
        s_sum[warp] = s;
        s_max[warp] = m;
    }
    __syncthreads();
    if (warp == 0) {
        const int nwarps = blockDim.x / 32;
        s = (lane < nwarps) ? s_sum[lane] : 0.0f;
        m = (lane < nwarps) ? s_max[lane] : 0.0f;
        s = warp_sum(s);
        m = warp_max(m);
        if (lane == 0) {
            atomicAdd(sum, s);
            mx[blockIdx.x] = m;
        }
    }
}
int main() {
    float *x, *s, *m;
    cudaMalloc(&x, 1024 * sizeof(float));
    sum_max<<<4, 256>>>(x, 1024, s, m);
    cudaDeviceSynchronize();
    return 0;
}
