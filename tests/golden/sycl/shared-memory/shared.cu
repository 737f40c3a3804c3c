#include <cuda_runtime.h>
#define TILE 32
__global__ void transpose(const float *in, float *out, int n) {
    __shared__ float tile[TILE][TILE + 1];
    __shared__ int count;
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    if (threadIdx.x == 0 && threadIdx.y == 0) count = 0;
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
    out[x * n + y] = tile[threadIdx.x][threadIdx.y] + count;
}
template <typename T>
__global__ void block_sum(const T *in, T *out) {
    extern __shared__ T buf[];
    buf[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) { T s = 0; for (unsigned i = 0; i < blockDim.x; ++i) s += buf[i]; out[blockIdx.x] = s; }
}
void run(const float *in, float *out, int n) {
    transpose<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(in, out, n);
    block_sum<float><<<n / 256, 256, 256 * sizeof(float)>>>(in, out);
}
