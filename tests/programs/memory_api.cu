// Runtime memory API: device, pinned host, async copies, memset.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

__global__ void add_one(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1;
}

int main() {
  const int n = 1 << 16;
  int *host = nullptr, *dev = nullptr;
  CHECK(cudaMallocHost(&host, n * sizeof(int)));
  CHECK(cudaMalloc(&dev, n * sizeof(int)));
  for (int i = 0; i < n; ++i) host[i] = i;
  CHECK(cudaMemset(dev, 0, n * sizeof(int)));
  CHECK(cudaMemcpy(dev, host, n * sizeof(int), cudaMemcpyHostToDevice));
  add_one<<<(n + 255) / 256, 256>>>(dev, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpyAsync(host, dev, n * sizeof(int), cudaMemcpyDeviceToHost, 0));
  CHECK(cudaDeviceSynchronize());
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += host[i] != i + 1;
  printf("memory_api: %s\n", bad ? "FAIL" : "ok");
  CHECK(cudaFree(dev));
  CHECK(cudaFreeHost(host));
  return bad != 0;
}
