// Texture objects over linear memory: tex1Dfetch through a cudaTextureObject_t.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void gather(cudaTextureObject_t tex, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(tex, n - 1 - i);
}

int main() {
  const int n = 1024;
  float *buf, *out;
  cudaMalloc(&buf, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = buf;
  res.res.linear.desc = cudaCreateChannelDesc<float>();
  res.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc desc;
  memset(&desc, 0, sizeof(desc));
  desc.readMode = cudaReadModeElementType;
  desc.addressMode[0] = cudaAddressModeClamp;
  desc.filterMode = cudaFilterModePoint;
  cudaTextureObject_t tex = 0;
  cudaCreateTextureObject(&tex, &res, &desc, nullptr);
  gather<<<n / 256, 256>>>(tex, out, n);
  cudaDeviceSynchronize();
  cudaDestroyTextureObject(tex);
  cudaFree(buf);
  cudaFree(out);
  return 0;
}
