#pragma once
// A reduction over segments of 16 lanes, in a header every source includes.
__device__ __forceinline__ float segment_sum(float v) {
  for (int offset = 8; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffff, v, offset, 16);
  return v;
}

template <typename Kernel, typename... Args>
static void launch(Kernel kernel, int blocks, int threads, cudaStream_t stream, Args &&...args) {
  kernel<<<(dim3)blocks, threads, 0, stream>>>(std::forward<Args>(args)...);
}
