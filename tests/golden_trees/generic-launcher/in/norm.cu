#include "common.cuh"
#include <cstdio>
template <int block_size, bool do_scale = false>
static __global__ void row_sum(const float *x, float *dst, const int ncols, const float *scale = nullptr, const int scale_n = 0) {
  __shared__ float s_sum[32];
  pdl_wait();
  const int row = blockIdx.x;
  float sum = 0.0f;
  for (int c = threadIdx.x; c < ncols; c += block_size) sum += x[row * ncols + c];
  if (threadIdx.x < 32) s_sum[threadIdx.x] = 0.0f;
  __syncthreads();
  atomicAdd(&s_sum[0], sum);
  __syncthreads();
  pdl_done();
  if (threadIdx.x == 0) dst[row] = do_scale && scale ? s_sum[0] * scale[row % scale_n] : s_sum[0];
}
static __global__ void fill(float *x, int n, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = v;
}
void fill_ex(float *x, int n, cudaStream_t s);
int main() {
  const int rows = 4, cols = 100;
  float *x, *d, *s;
  cudaMallocManaged(&x, rows * cols * sizeof(float));
  cudaMallocManaged(&d, rows * sizeof(float));
  cudaMallocManaged(&s, 2 * sizeof(float));
  s[0] = 2.0f; s[1] = 3.0f;
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  const launch_params fp = {dim3((rows * cols + 63) / 64), dim3(64), 0, stream};
  kernel_launch(false, fill, fp, x, rows * cols, 1.0f);
  const launch_params p = {dim3(rows), dim3(64), 0, stream};
  kernel_launch(true, row_sum<64>, p, x, d, cols, nullptr, 0);
  cudaStreamSynchronize(stream);
  int ok = 1;
  for (int r = 0; r < rows; r++) ok &= d[r] == 100.0f;
  kernel_launch(false, row_sum<64, true>, p, x, d, cols, s, 2);
  cudaStreamSynchronize(stream);
  for (int r = 0; r < rows; r++) ok &= d[r] == 100.0f * s[r % 2];
  fill_ex(x, rows * cols, stream);
  cudaStreamSynchronize(stream);
  for (int i = 0; i < rows * cols; i++) ok &= x[i] == 2.0f;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
// A kernel of this file launched directly through cudaLaunchKernelEx.
void fill_ex(float *x, int n, cudaStream_t s) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3((n + 63) / 64);
  cfg.blockDim = dim3(64);
  cfg.stream = s;
  cudaLaunchKernelEx(&cfg, fill, x, n, 2.0f);
}
