#include <cub/block/block_reduce.cuh>
#include <cuda/functional>

template <int BLOCK>
__global__ void k(const float* in, float* out) {
  using BlockReduce = cub::BlockReduce<float, BLOCK>;
  __shared__ typename BlockReduce::TempStorage temp;
  float v = in[threadIdx.x];
  float mx = BlockReduce(temp).Reduce(v, cuda::maximum<float>{});
  __syncthreads();
  float mn = BlockReduce(temp).Reduce(v, cuda::minimum<>());
  __syncthreads();
  float s = BlockReduce(temp).Reduce(v, cuda::std::plus<float>());
  if (threadIdx.x == 0) out[0] = mx + mn + s;
}
