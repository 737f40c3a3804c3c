#include <cuda_runtime.h>
#define PINNED(p, n) cudaMallocHost(&(p), (n))

void run(size_t n) {
  float *a = nullptr, *b = nullptr, *c = nullptr;
  cudaMallocHost((void **)&a, n * sizeof(float));
  cudaMallocHost(&b, n * sizeof(float));
  PINNED(c, n * sizeof(float));
  cudaHostAlloc(&c, n, cudaHostAllocMapped);  // already has flags
  cudaFreeHost(a);
}
