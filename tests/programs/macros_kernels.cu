// CUDA names and launches inside macro bodies, comments and strings that mention CUDA.
#include <cstdio>
#include <cuda_runtime.h>

// cudaMalloc in a comment stays as written.
#define ALLOC(ptr, bytes) cudaMalloc((void **)&(ptr), (bytes))
#define COPY_TO_HOST(dst, src, bytes) cudaMemcpy((dst), (src), (bytes), cudaMemcpyDeviceToHost)
#define LAUNCH_1D(kernel, n, ...) kernel<<<((n) + 255) / 256, 256>>>(__VA_ARGS__)
#define SYNC_OR_DIE()                                  \
  if (cudaDeviceSynchronize() != cudaSuccess) {        \
    printf("cudaDeviceSynchronize failed\n");          \
    return 1;                                          \
  }

__global__ void iota(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i;
}

static int my_cudaMalloc_calls = 0;

int main() {
  const int n = 1000;
  int *d = nullptr;
  ALLOC(d, n * sizeof(int));
  ++my_cudaMalloc_calls;
  LAUNCH_1D(iota, n, d, n);
  SYNC_OR_DIE();
  int h[4];
  COPY_TO_HOST(h, d, sizeof(h));
  printf("cudaMemcpy says %d %d (calls: %d)\n", h[0], h[3], my_cudaMalloc_calls);
  cudaFree(d);
  return 0;
}
