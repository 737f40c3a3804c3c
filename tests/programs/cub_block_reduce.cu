// CUB: block-wide reduction and a device-wide sum.
#include <cstdio>
#include <cub/cub.cuh>
#include <cuda_runtime.h>

struct MaxOp {
  __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

template <int THREADS>
__global__ void block_max(const int *in, int *out) {
  typedef cub::BlockReduce<int, THREADS> Reduce;
  __shared__ typename Reduce::TempStorage temp;
  int v = in[blockIdx.x * THREADS + threadIdx.x];
  int m = Reduce(temp).Reduce(v, MaxOp());
  if (threadIdx.x == 0) out[blockIdx.x] = m;
}

int main() {
  const int n = 1024;
  int *in, *out, *total;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, (n / 128) * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  block_max<128><<<n / 128, 128>>>(in, out);
  void *temp = nullptr;
  size_t temp_bytes = 0;
  cub::DeviceReduce::Sum(temp, temp_bytes, in, total, n);
  cudaMalloc(&temp, temp_bytes);
  cub::DeviceReduce::Sum(temp, temp_bytes, in, total, n);
  cudaDeviceSynchronize();
  cudaFree(temp);
  cudaFree(in);
  cudaFree(out);
  cudaFree(total);
  return 0;
}
