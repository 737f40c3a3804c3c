__device__ void warpReduce(volatile float *sdata, int tid) {
    sdata[tid] = fminf(sdata[tid], sdata[tid + 32]);
    sdata[tid] = fminf(sdata[tid], sdata[tid + 16]);
    sdata[tid] = fminf(sdata[tid], sdata[tid + 8]);
    sdata[tid] = fminf(sdata[tid], sdata[tid + 4]);
    sdata[tid] = fminf(sdata[tid], sdata[tid + 2]);
    sdata[tid] = fminf(sdata[tid], sdata[tid + 1]);
}

__global__ void block_min(const float *in, float *out) {
    __shared__ float sdata[128];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * 128 + tid];
    __syncthreads();
    if (tid < 64) sdata[tid] = fminf(sdata[tid], sdata[tid + 64]);
    __syncthreads();
    if (tid < 32) warpReduce(sdata, tid);
    if (tid == 0) out[blockIdx.x] = sdata[0];
}
