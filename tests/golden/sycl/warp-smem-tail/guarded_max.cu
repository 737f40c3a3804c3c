__global__ void block_max(const int *in, int *out) {
    __shared__ int sdata[256];
    unsigned int tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] = max(sdata[tid], sdata[tid + s]);
        __syncthreads();
    }
    if (tid < 32) {
        int v = max(sdata[tid], sdata[tid + 32]);
        __syncwarp();
        sdata[tid] = v;
        __syncwarp();
        for (int offset = 16; offset > 0; offset >>= 1) {
            if (tid < offset) v = max(v, sdata[tid + offset]);
            __syncwarp();
            if (tid < offset) sdata[tid] = v;
            __syncwarp();
        }
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + tid] = sdata[0];
}
