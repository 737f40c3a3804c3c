#include <hipDNN.h>
#ifndef HIPSOLVER_USE_HIPBLAS_ENUMS
#define HIPSOLVER_USE_HIPBLAS_ENUMS
#endif
#include <hipsolver/hipsolver.h>
#include <hipcub/hipcub.hpp>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void k(float *x) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<32> t = cg::tiled_partition<32>(b);
  x[b.thread_rank()] += t.shfl_down(x[0], 1);
  __nv_bswap16(1);
}

void host(float *x, int n) {
  hipdnnHandle_t dnn;
  hipdnnCreate(&dnn);
  hipsolverHandle_t sol;
  hipsolverDnCreate(&sol);
  thrust::device_vector<float> v(n);
  thrust::sort(v.begin(), v.end());
  hipGraphExecKernelNodeSetParams(nullptr, nullptr, nullptr);
  cudaSomethingNew(x);
}
