// gpuport: hip_version=5.2
#define SHFL(v, o) __shfl_down_sync(0xffffffff, v, o)
__device__ float f(float v, unsigned mask) {
  v += __shfl_down_sync(0xffffffff, v, 1);
  v += __shfl_xor_sync(mask, v, 2, 16);
  v += __shfl_up_sync(~0u, v, 1);
  v += __shfl_sync(__activemask(), v, 0);
  v += SHFL(v, 4);
  unsigned long long b = __ballot_sync(0xffffffff, v > 0);
  int any = __any_sync(0xffffffff, v > 0) + __all_sync(0xffffffff, v > 0);
  unsigned long long act = __activemask();
  __syncwarp();
  __syncwarp(mask);
  return v + b + any + act;
}
