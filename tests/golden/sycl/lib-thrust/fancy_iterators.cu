// Thrust's transform and counting iterators read in a kernel and by a CUB reduction.
#include <cstdio>
#include <cub/cub.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

struct Square {
  __host__ __device__ long long operator()(int v) const { return (long long)v * v; }
};

template <typename It>
__global__ void gather(It values, long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = values[i];
}

int main() {
  const int n = 100;
  auto squares = thrust::make_transform_iterator(thrust::make_counting_iterator(1), Square());
  long long *d, *sum;
  cudaMalloc(&d, n * sizeof(long long));
  cudaMalloc(&sum, sizeof(long long));
  gather<<<1, 128>>>(squares, d, n);
  void *tmp = nullptr;
  size_t bytes = 0;
  cub::DeviceReduce::Sum(tmp, bytes, squares, sum, n);
  cudaMalloc(&tmp, bytes);
  cub::DeviceReduce::Sum(tmp, bytes, squares, sum, n);
  long long h[n], total = 0;
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  cudaMemcpy(&total, sum, sizeof(total), cudaMemcpyDeviceToHost);
  int bad = total != 338350;
  for (int i = 0; i < n; i++) bad += h[i] != (long long)(i + 1) * (i + 1);
  printf(bad ? "FAIL %d\n" : "PASS\n", bad);
  cudaFree(tmp);
  cudaFree(d);
  cudaFree(sum);
  return bad != 0;
}
