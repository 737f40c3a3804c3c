#define THREADS 256

__global__ void dot(const float *a, const float *b, int n, float *result) {
    __shared__ float sdata[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < n; i += THREADS * gridDim.x) sum += a[i] * b[i];
    sdata[tid] = sum;
    __syncthreads();
    for (int s = THREADS / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        float v = sdata[tid] + sdata[tid + 32];
        for (int s = 16; s > 0; s >>= 1) {
            __syncwarp();
            sdata[tid] = v;
            __syncwarp();
            v += sdata[tid + s];
        }
        if (tid == 0) atomicAdd(result, v);
    }
}
