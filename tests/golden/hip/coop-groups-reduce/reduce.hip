#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
// gpuport: HIP's cooperative groups have no reduce: a shfl_down tree over the group (any size,
// coalesced groups too); every lane gets the result.
template <typename Group, typename T, typename Op>
__device__ inline T gpuport_cg_reduce(Group group, T value, Op op) {
  const unsigned int n = group.size(), rank = group.thread_rank();
  for (unsigned int offset = 1; offset < n; offset *= 2) {
    T other = group.shfl_down(value, offset);
    if (rank % (2 * offset) == 0 && rank + offset < n) value = op(value, other);
  }
  return group.shfl(value, 0);
}
template <typename T> struct gpuport_cg_plus { __device__ T operator()(const T& a, const T& b) const { return a + b; } };
template <typename T> struct gpuport_cg_less { __device__ T operator()(const T& a, const T& b) const { return b < a ? b : a; } };
template <typename T> struct gpuport_cg_greater { __device__ T operator()(const T& a, const T& b) const { return a < b ? b : a; } };
template <typename T> struct gpuport_cg_bit_and { __device__ T operator()(const T& a, const T& b) const { return a & b; } };
template <typename T> struct gpuport_cg_bit_or { __device__ T operator()(const T& a, const T& b) const { return a | b; } };
template <typename T> struct gpuport_cg_bit_xor { __device__ T operator()(const T& a, const T& b) const { return a ^ b; } };


namespace cg = cooperative_groups;

__global__ void k(const float* in, float* out, int* imax) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  float s = gpuport_cg_reduce(tile, v, gpuport_cg_plus<float>());
  int m = gpuport_cg_reduce(tile, (int)v, gpuport_cg_greater<int>());
  if (tile.thread_rank() == 0) {
    out[block.thread_rank() / 32] = s;
    imax[0] = m;
  }
}
