#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#include "reduce.cuh"

__global__ void sums(const float *in, float *out)
{
    __shared__ float smem[128];
    cg::thread_block cta = cg::this_thread_block();
    float s = block_sum(cta, smem, in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (threadIdx.x == 0)
        out[blockIdx.x] = s;
}

int main()
{
    float *in, *out;
    cudaMallocManaged(&in, 256 * sizeof(float));
    cudaMallocManaged(&out, 2 * sizeof(float));
    for (int i = 0; i < 256; ++i)
        in[i] = 1.0f;
    sums<<<2, 128>>>(in, out);
    cudaDeviceSynchronize();
    printf("%s\n", out[0] == 128.0f && out[1] == 128.0f ? "PASS" : "FAIL");
    return 0;
}
