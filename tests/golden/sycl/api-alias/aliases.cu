// A file that names the runtime through its own aliases: structural calls are rewritten at each use,
// a memcpy kind alias is consumed by the copy, and a renamed name's alias keeps its macro.
#include <cstdio>
#define devMalloc cudaMalloc
#define devMemcpy cudaMemcpy
#define devFree cudaFree
#define devToHost cudaMemcpyDeviceToHost
#define devStream_t cudaStream_t

__global__ void fill(int *d) { d[threadIdx.x] = threadIdx.x; }

int main() {
  int *d, h[32];
  devStream_t s;
  cudaStreamCreate(&s);
  devMalloc((void **)&d, sizeof(h));
  fill<<<1, 32, 0, s>>>(d);
  cudaStreamSynchronize(s);
  devMemcpy(h, d, sizeof(h), devToHost);
  devFree(d);
  printf("%d\n", h[31]);
  return 0;
}
