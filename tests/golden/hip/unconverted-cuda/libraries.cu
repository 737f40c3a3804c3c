#include <cudnn.h>
#include <cusolverDn.h>
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void k(float *x) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<32> t = cg::tiled_partition<32>(b);
  x[b.thread_rank()] += t.shfl_down(x[0], 1);
  __nv_bswap16(1);
}

void host(float *x, int n) {
  cudnnHandle_t dnn;
  cudnnCreate(&dnn);
  cusolverDnHandle_t sol;
  cusolverDnCreate(&sol);
  thrust::device_vector<float> v(n);
  thrust::sort(v.begin(), v.end());
  cudaGraphExecKernelNodeSetParams(nullptr, nullptr, nullptr);
  cudaSomethingNew(x);
}
