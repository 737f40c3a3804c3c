// Matrix-free 5-point Poisson operator on a 2-D grid of blocks.
#include "cg.cuh"

__device__ __forceinline__ float neighbour_sum(const float* __restrict__ x, int i, int j, int nx, int ny) {
    const int k = j * nx + i;
    float s = 0.f;
    if (i > 0) s += x[k - 1];
    if (i < nx - 1) s += x[k + 1];
    if (j > 0) s += x[k - nx];
    if (j < ny - 1) s += x[k + nx];
    return s;
}

__global__ void poisson_apply_kernel(const float* __restrict__ x, float* __restrict__ y, int nx, int ny) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    y[j * nx + i] = 4.0f * x[j * nx + i] - neighbour_sum(x, i, j, nx, ny);
}

__global__ void poisson_residual_kernel(const float* __restrict__ b, const float* __restrict__ x,
                                        float* __restrict__ r, int nx, int ny) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= nx || j >= ny) return;
    const int k = j * nx + i;
    r[k] = b[k] - (4.0f * x[k] - neighbour_sum(x, i, j, nx, ny));
}

static dim3 stencil_grid(const Grid2D& g) {
    return dim3((g.nx + STENCIL_BX - 1) / STENCIL_BX, (g.ny + STENCIL_BY - 1) / STENCIL_BY);
}

void apply_poisson(const Grid2D& g, const float* x, float* y) {
    poisson_apply_kernel<<<stencil_grid(g), dim3(STENCIL_BX, STENCIL_BY)>>>(x, y, g.nx, g.ny);
    CUDA_CHECK(cudaGetLastError());
}

void poisson_residual(const Grid2D& g, const float* b, const float* x, float* r) {
    poisson_residual_kernel<<<stencil_grid(g), dim3(STENCIL_BX, STENCIL_BY)>>>(b, x, r, g.nx, g.ny);
    CUDA_CHECK(cudaGetLastError());
}
