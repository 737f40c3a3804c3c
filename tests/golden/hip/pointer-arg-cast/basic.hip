// gpuport: hip_version=5.2
#include <hip/hip_runtime.h>

template <int D>
__global__ void attention(float *out) { extern __shared__ float s[]; out[threadIdx.x] = s[threadIdx.x] * D; }

void setup(size_t bytes) {
  hipFuncSetAttribute(reinterpret_cast<const void*>(attention<64>), hipFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
  hipFuncSetAttribute((const void *)attention<32>, hipFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
  hipFuncAttributes attr;
  hipFuncGetAttributes(&attr, reinterpret_cast<const void*>(attention<64>));
  hipFuncSetCacheConfig(reinterpret_cast<const void*>(attention<64>), hipFuncCachePreferShared);
}

void alloc(float **out, size_t w, size_t h) {
  float *img;
  size_t pitch;
  hipMallocPitch(reinterpret_cast<void**>(&img), &pitch, w * sizeof(float), h);
  hipMallocPitch((void **)&img, &pitch, w * sizeof(float), h);
  hipMallocAsync(out, w * h * sizeof(float), 0);
}
