#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

template <int BLOCK>
__global__ void k(const float* in, float* out) {
  using BlockReduce = hipcub::BlockReduce<float, BLOCK>;
  __shared__ typename BlockReduce::TempStorage temp;
  float v = in[threadIdx.x];
  float mx = BlockReduce(temp).Reduce(v, hipcub::Max{});
  __syncthreads();
  float mn = BlockReduce(temp).Reduce(v, hipcub::Min());
  __syncthreads();
  float s = BlockReduce(temp).Reduce(v, hipcub::Sum());
  if (threadIdx.x == 0) out[0] = mx + mn + s;
}
