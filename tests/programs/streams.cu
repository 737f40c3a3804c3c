// Streams: split work over several streams with async copies and per-stream launches.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void square(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * v[i];
}

int main() {
  const int chunks = 4, chunk = 1 << 14, n = chunks * chunk;
  float *host, *dev;
  cudaHostAlloc(&host, n * sizeof(float), cudaHostAllocDefault);
  cudaMalloc(&dev, n * sizeof(float));
  for (int i = 0; i < n; ++i) host[i] = float(i % 100);
  cudaStream_t streams[chunks];
  for (int s = 0; s < chunks; ++s) cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking);
  for (int s = 0; s < chunks; ++s) {
    float *h = host + s * chunk, *d = dev + s * chunk;
    cudaMemcpyAsync(d, h, chunk * sizeof(float), cudaMemcpyHostToDevice, streams[s]);
    square<<<chunk / 256, 256, 0, streams[s]>>>(d, chunk);
    cudaMemcpyAsync(h, d, chunk * sizeof(float), cudaMemcpyDeviceToHost, streams[s]);
  }
  for (int s = 0; s < chunks; ++s) {
    cudaStreamSynchronize(streams[s]);
    cudaStreamDestroy(streams[s]);
  }
  printf("host[3] = %f\n", host[3]);
  cudaFreeHost(host);
  cudaFree(dev);
  return 0;
}
