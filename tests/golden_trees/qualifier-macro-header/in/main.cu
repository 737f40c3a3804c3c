#include <cstdio>
#include "loadstore.cuh"

__global__ void block_sums(const float *in, float *out) {
    __shared__ float tile[64];
    reg_to_shared<64>(tile, in[blockIdx.x * 64 + threadIdx.x]);
    float all = shared_sum<64>(tile);
    float half = shared_sum<64>(tile, 32);
    __syncthreads();
    reg_to_shared<64>(tile, 0.0f, false);
    if (threadIdx.x == 0) out[blockIdx.x] = all + twice(half);
}

int main() {
    float h[128], sums[2], *in, *out;
    for (int i = 0; i < 128; i++) h[i] = (float)(i % 7);
    cudaMalloc(&in, sizeof(h));
    cudaMalloc(&out, sizeof(sums));
    cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
    block_sums<<<2, 64>>>(in, out);
    cudaMemcpy(sums, out, sizeof(sums), cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < 2; b++) {
        float all = 0, half = 0;
        for (int i = 0; i < 64; i++) all += h[b * 64 + i];
        for (int i = 0; i < 32; i++) half += h[b * 64 + i];
        bad += sums[b] != all + 2 * half;
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return 0;
}
