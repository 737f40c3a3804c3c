// gpuport: hip_version=5.2
__device__ float f(float v) {
  return v + __shfl_down_sync(0xffffffff, v, 1);
}
