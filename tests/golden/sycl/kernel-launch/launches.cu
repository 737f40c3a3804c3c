#include <cuda_runtime.h>
#include <vector>
template <typename T>
__global__ void axpy(int n, T a, const T *x, T *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void grid2d(float *out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = 1.0f;
}
void host(std::vector<float> &v, float *d_x, float *d_y, int n, int w, int h, cudaStream_t stream) {
    axpy<float><<<(n + 127) / 128, 128>>>(n, 2.0f, d_x, d_y);
    axpy<<<(n + 127) / 128, 128, 0, stream>>>(n, 2.0f, d_x, d_y);
    dim3 block(16, 16);
    dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
    grid2d<<<grid, block>>>(d_x, w, h);
    grid2d<<<dim3(4, 4), dim3(8, 8, 1)>>>(d_y, (int)v.size(), h);
}
