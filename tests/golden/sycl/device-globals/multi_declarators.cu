// One declaration, several globals (finite-difference's stencil coefficients): each gets its accessor.
#include <cstdio>

__constant__ float c_ax, c_bx = 2.0f, c_cx;
__device__ int d_hits[4], d_total;

__global__ void stencil(const float *f, float *df, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) {
        df[i] = c_ax * f[i - 1] + c_bx * f[i] + c_cx * f[i + 1];
        atomicAdd(&d_hits[i % 4], 1);
        atomicAdd(&d_total, 1);
    }
}

int main() {
    const float a = 1.0f, c = -1.0f;
    cudaMemcpyToSymbol(c_ax, &a, sizeof(float), 0, cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(c_cx, &c, sizeof(float));
    float *f, *df;
    cudaMalloc(&f, 64 * sizeof(float));
    cudaMalloc(&df, 64 * sizeof(float));
    stencil<<<2, 32>>>(f, df, 64);
    int total = 0;
    cudaMemcpyFromSymbol(&total, d_total, sizeof(int));
    printf("%d\n", total);
    return 0;
}
