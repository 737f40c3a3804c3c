// hipCUB: BlockReduce (Sum member and a hipcub::Max() functor), BlockScan, and DeviceReduce::Sum with its
// two-phase temporary storage query.
#include "check.h"

#include <hipcub/hipcub.hpp>

#include <vector>

template <int BLOCK>
__global__ void block_ops(const int* in, int* sums, int* maxes, int* scan) {
  typedef hipcub::BlockReduce<int, BLOCK> BlockReduce;
  typedef hipcub::BlockScan<int, BLOCK> BlockScan;
  __shared__ typename BlockReduce::TempStorage reduce_storage;
  __shared__ typename BlockScan::TempStorage scan_storage;
  int i = blockIdx.x * BLOCK + threadIdx.x;
  int v = in[i];
  int sum = BlockReduce(reduce_storage).Sum(v);
  __syncthreads();
  int mx = BlockReduce(reduce_storage).Reduce(v, hipcub::Max());
  int prefix;
  BlockScan(scan_storage).ExclusiveSum(v, prefix);
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = sum;
    maxes[blockIdx.x] = mx;
  }
  scan[i] = prefix;
}

int main() {
  const int block = 128, grid = 40, n = block * grid;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101 - 50;
  int *din, *dsum, *dmax, *dscan, *dtotal;
  HIP_CHECK(hipMalloc(&din, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dsum, grid * sizeof(int)));
  HIP_CHECK(hipMalloc(&dmax, grid * sizeof(int)));
  HIP_CHECK(hipMalloc(&dscan, n * sizeof(int)));
  HIP_CHECK(hipMalloc(&dtotal, sizeof(int)));
  HIP_CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(block_ops<block>), dim3(grid), dim3(block), 0, 0, din, dsum, dmax, dscan);
  HIP_CHECK(hipGetLastError());

  void* temp = nullptr;
  size_t temp_bytes = 0;
  HIP_CHECK(hipcub::DeviceReduce::Sum(temp, temp_bytes, din, dtotal, n));
  HIP_CHECK(hipMalloc(&temp, temp_bytes));
  HIP_CHECK(hipcub::DeviceReduce::Sum(temp, temp_bytes, din, dtotal, n));
  HIP_CHECK(hipDeviceSynchronize());

  std::vector<int> sums(grid), maxes(grid), scan(n);
  int total = 0;
  HIP_CHECK(hipMemcpy(sums.data(), dsum, grid * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(maxes.data(), dmax, grid * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(scan.data(), dscan, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(&total, dtotal, sizeof(int), hipMemcpyDeviceToHost));
  int errors = 0, want_total = 0;
  for (int b = 0; b < grid; ++b) {
    int s = 0, m = in[b * block];
    for (int t = 0; t < block; ++t) {
      errors += scan[b * block + t] != s;
      s += in[b * block + t];
      if (in[b * block + t] > m) m = in[b * block + t];
    }
    errors += sums[b] != s;
    errors += maxes[b] != m;
    want_total += s;
  }
  errors += total != want_total;
  HIP_CHECK(hipFree(temp));
  HIP_CHECK(hipFree(din));
  HIP_CHECK(hipFree(dsum));
  HIP_CHECK(hipFree(dmax));
  HIP_CHECK(hipFree(dscan));
  HIP_CHECK(hipFree(dtotal));
  return finish("hipcub_reduce", errors);
}
