// Kernels chosen at run time through function pointers (cuda-samples' transpose, NVIDIA's
// finite-difference post): a pointer, an array of pointers, a parameter, and arrays of dim3.
#include <cstdio>
#define TILE 32

__global__ void copy(float *out, const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}

__global__ void reverse_tile(float *out, const float *in, int n) {
    __shared__ float tile[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    int j = blockIdx.x * blockDim.x + (blockDim.x - 1 - threadIdx.x);
    if (j < n) out[j] = tile[threadIdx.x];
}

__global__ void twice(float *out, const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * in[i];
}

dim3 grids[2], blocks[2];

static void run(void (*k)(float *, const float *, int), float *out, const float *in, int n) {
    k<<<grids[0], blocks[0]>>>(out, in, n);
}

int main() {
    const int n = 256;
    float h[n], r[n], *d_in, *d_out;
    for (int i = 0; i < n; ++i) h[i] = (float)i;
    cudaMalloc(&d_in, n * sizeof(float));
    cudaMalloc(&d_out, n * sizeof(float));
    cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    grids[0] = dim3(n / TILE);
    blocks[0] = dim3(TILE);
    void (*kernel)(float *, const float *, int);
    void (*table[2])(float *, const float *, int) = {copy, &twice};
    int bad = 0;
    for (int v = 0; v < 3; ++v) {
        kernel = v == 0 ? &copy : v == 1 ? &reverse_tile : table[1];
        kernel<<<grids[0], blocks[0]>>>(d_out, d_in, n);
        cudaMemcpy(r, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; ++i) {
            float want = kernel == &copy ? h[i] : kernel == &twice ? 2.0f * h[i] : h[(i / TILE) * TILE + TILE - 1 - i % TILE];
            bad += r[i] != want;
        }
    }
    table[0]<<<n / TILE, TILE>>>(d_out, d_in, n);
    run(twice, d_out, d_in, n);
    cudaMemcpy(r, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
    bad += r[3] != 6.0f;
    printf("%s %d\n", bad ? "FAIL" : "PASS", bad);
    return 0;
}
