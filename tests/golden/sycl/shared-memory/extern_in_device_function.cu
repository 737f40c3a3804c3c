// `extern __shared__` in a device function is the calling kernel's dynamic shared memory
// (cuda-samples' threadFenceReduction): the kernel that also declares one sees the same bytes.
#include <cstdio>

__device__ void block_sum(const float *in, int n) {
    extern __shared__ float part[];
    unsigned t = threadIdx.x;
    part[t] = (blockIdx.x * blockDim.x + t < n) ? in[blockIdx.x * blockDim.x + t] : 0.0f;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) part[t] += part[t + s];
        __syncthreads();
    }
}

__global__ void sums(const float *in, float *out, int n) {
    extern __shared__ float seen[];
    block_sum(in, n);
    if (threadIdx.x == 0) out[blockIdx.x] = seen[0];  // the same memory block_sum reduced into
}

int main() {
    const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
    float h[n], r[blocks], *d_in, *d_out;
    for (int i = 0; i < n; ++i) h[i] = 1.0f;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, blocks * sizeof(float));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    sums<<<blocks, threads, threads * sizeof(float)>>>(d_in, d_out, n);
    cudaMemcpy(r, d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    float total = 0;
    for (int b = 0; b < blocks; ++b) total += r[b];
    printf("%s %g\n", total == n ? "PASS" : "FAIL", total);
    return 0;
}
