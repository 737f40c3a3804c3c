__global__ void loop_from_32(const float *in, float *out) {
    __shared__ float s[64];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = s[threadIdx.x];
#pragma unroll
        for (int o = 32; o >= 1; o /= 2) {
            v += s[threadIdx.x + o];
            __syncwarp();
            s[threadIdx.x] = v;
            __syncwarp();
        }
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
