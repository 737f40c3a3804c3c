// SAXPY with a grid-stride loop and a warp-shuffle checksum: the README's example.
#include <cstdio>
#include <vector>
#include "check.cuh"

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

__global__ void checksum(const float *y, int n, float *out) {
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += y[i];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % warpSize == 0) atomicAdd(out, v);
}

int main() {
  const int n = 1 << 20;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);
  float *dx, *dy, *dsum;
  CUDA_CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dsum, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dsum, 0, sizeof(float)));
  saxpy<<<256, 256>>>(n, 3.0f, dx, dy);
  checksum<<<256, 256>>>(dy, n, dsum);
  CUDA_CHECK(cudaGetLastError());
  float sum = 0.0f;
  CUDA_CHECK(cudaMemcpy(&sum, dsum, sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("RESULT sum %.6g\n", sum);
  CUDA_CHECK(cudaFree(dx));
  CUDA_CHECK(cudaFree(dy));
  CUDA_CHECK(cudaFree(dsum));
  const bool ok = sum == 5.0f * n;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
