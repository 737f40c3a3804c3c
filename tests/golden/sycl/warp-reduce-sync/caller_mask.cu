// The cuda-samples reduction's sm_80 specialisation: the mask is the caller's (a ballot of the lanes
// taking part, every lane for blocks of 32 threads or more), as for the generic shuffle version GP230
// translates (a literal partial mask is still reported: partial_mask.cu).
template <class T>
__device__ T warpReduceSum(unsigned int mask, T mySum) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) mySum += __shfl_down_sync(mask, mySum, offset);
  return mySum;
}

template <>
__device__ int warpReduceSum<int>(unsigned int mask, int mySum) {
  mySum = __reduce_add_sync(mask, mySum);
  return mySum;
}

__global__ void sums(const int *in, int *out) {
  unsigned mask = __ballot_sync(0xffffffff, threadIdx.x < blockDim.x);
  int v = warpReduceSum<int>(mask, in[threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = v;
}
