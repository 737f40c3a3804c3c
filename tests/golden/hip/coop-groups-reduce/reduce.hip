#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
// gpuport: HIP's cooperative groups have no reduce: a shfl_xor butterfly over the tile (its size is a
// power of two); every lane gets the result.
template <typename Group, typename T, typename Op>
__device__ inline T gpuport_cg_reduce(Group group, T value, Op op) {
  for (unsigned int offset = group.size() / 2; offset > 0; offset /= 2)
    value = op(value, group.shfl_xor(value, offset));
  return value;
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
