// Right-looking Cholesky per block. Thread (x, y) owns element (row y, column x) of the matrix held in
// shared memory; step k takes the square root of the pivot, scales column k below it, and applies the
// rank-1 update to the trailing lower triangle.
#include "cholesky.cuh"

template <int N>
__global__ void cholesky_kernel(float* __restrict__ mats, float* __restrict__ logdet, int* __restrict__ info) {
    __shared__ float a[N][N + 1];
    __shared__ int failed_at;
    const int col = threadIdx.x, row = threadIdx.y;
    float* m = mats + (size_t)blockIdx.x * N * N;

    a[row][col] = m[row * N + col];
    if (row == 0 && col == 0) failed_at = 0;
    __syncthreads();

    for (int k = 0; k < N; ++k) {
        if (row == k && col == k) {
            const float pivot = a[k][k];
            if (pivot <= 0.0f && failed_at == 0) failed_at = k + 1;
            a[k][k] = sqrtf(fmaxf(pivot, 1e-30f));
        }
        __syncthreads();
        if (col == k && row > k) a[row][k] /= a[k][k];
        __syncthreads();
        if (col > k && row >= col) a[row][col] -= a[row][k] * a[col][k];
        __syncthreads();
    }

    m[row * N + col] = (col <= row) ? a[row][col] : 0.0f;

    if (row == 0) {
        // log det A = 2 * sum log L_kk. Row 0 is lanes 0..N-1 of the first warp (N <= 32), so only
        // those lanes may be named in the shuffle mask.
        const unsigned mask = (N >= 32) ? 0xffffffffu : ((1u << N) - 1u);
        float v = 2.0f * __logf(a[col][col]);
        for (int o = N / 2; o > 0; o >>= 1) v += __shfl_down_sync(mask, v, o, N);
        if (col == 0) {
            logdet[blockIdx.x] = v;
            info[blockIdx.x] = failed_at;
        }
    }
}

bool cholesky_batched(float* d_mats, float* d_logdet, int* d_info, int n, int batch, cudaStream_t stream) {
    switch (n) {
        case 16:
            cholesky_kernel<16><<<batch, dim3(16, 16), 0, stream>>>(d_mats, d_logdet, d_info);
            break;
        case 32:
            cholesky_kernel<32><<<batch, dim3(32, 32), 0, stream>>>(d_mats, d_logdet, d_info);
            break;
        default:
            return false;
    }
    CUDA_CHECK(cudaGetLastError());
    return true;
}
