// Left to the other rules: strides stopping at 2, a mixed operator, a step without a store, a value
// every lane uses, and a kernel whose work-items may return early.
__global__ void partial(float *data, float *out) {
    __shared__ float sdata[64];
    int tid = threadIdx.x;
    sdata[tid] = data[tid];
    __syncthreads();
    if (tid < 32) {
        float v = sdata[tid] + sdata[tid + 32];
        for (int s = 16; s > 1; s >>= 1) {
            __syncwarp();
            sdata[tid] = v;
            __syncwarp();
            v += sdata[tid + s];
        }
        if (tid == 0) out[0] = v;
    }
}

__global__ void mixed(float *data, float *out) {
    __shared__ float sdata[64];
    int tid = threadIdx.x;
    sdata[tid] = data[tid];
    __syncthreads();
    if (tid < 32) {
        volatile float *vs = sdata;
        vs[tid] += vs[tid + 32];
        vs[tid] += vs[tid + 16];
        vs[tid] = fmaxf(vs[tid], vs[tid + 8]);
        vs[tid] += vs[tid + 4];
        vs[tid] += vs[tid + 2];
        vs[tid] += vs[tid + 1];
    }
    if (tid == 0) out[1] = sdata[0];
}

__global__ void no_store(const float *in, float *out) {
    __shared__ float s[64];
    int tid = threadIdx.x;
    s[tid] = in[tid];
    __syncthreads();
    if (tid < 32) {
        float v = s[tid] + s[tid + 32];
        for (int o = 16; o > 0; o >>= 1) { __syncwarp(); v += s[tid + o]; }
        if (tid == 0) out[0] = v;
    }
}
__global__ void every_lane_reads(const float *in, float *out) {
    __shared__ float s[64];
    int tid = threadIdx.x;
    s[tid] = in[tid];
    __syncthreads();
    if (tid < 32) {
        float v = s[tid] + s[tid + 32];
        for (int o = 16; o > 0; o >>= 1) { __syncwarp(); s[tid] = v; __syncwarp(); v += s[tid + o]; }
        out[tid] = v;
    }
}

__global__ void early_return(const float *in, float *out, int n) {
    __shared__ float s[64];
    int tid = threadIdx.x;
    if (blockIdx.x * 64 + tid >= n) return;
    s[tid] = in[blockIdx.x * 64 + tid];
    __syncthreads();
    if (tid < 32) {
        volatile float *vs = s;
        vs[tid] += vs[tid + 32]; vs[tid] += vs[tid + 16]; vs[tid] += vs[tid + 8];
        vs[tid] += vs[tid + 4]; vs[tid] += vs[tid + 2]; vs[tid] += vs[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = s[0];
}
