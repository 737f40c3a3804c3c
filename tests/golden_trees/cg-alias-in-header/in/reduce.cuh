#pragma once

__device__ float block_sum(cg::thread_block cta, float *smem, float v)
{
    smem[threadIdx.x] = v;
    cg::sync(cta);
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            smem[threadIdx.x] += smem[threadIdx.x + s];
        cg::sync(cta);
    }
    return smem[0];
}
