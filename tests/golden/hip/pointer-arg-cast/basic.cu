// gpuport: hip_version=5.2
#include <cuda_runtime.h>

template <int D>
__global__ void attention(float *out) { extern __shared__ float s[]; out[threadIdx.x] = s[threadIdx.x] * D; }

void setup(size_t bytes) {
  cudaFuncSetAttribute(attention<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
  cudaFuncSetAttribute((const void *)attention<32>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, attention<64>);
  cudaFuncSetCacheConfig(attention<64>, cudaFuncCachePreferShared);
}

void alloc(float **out, size_t w, size_t h) {
  float *img;
  size_t pitch;
  cudaMallocPitch(&img, &pitch, w * sizeof(float), h);
  cudaMallocPitch((void **)&img, &pitch, w * sizeof(float), h);
  cudaMallocAsync(out, w * h * sizeof(float), 0);
}
