// Device printf of the built-in index members: HIP's are structs a variadic argument does not convert
// (GP141 casts them to the unsigned int CUDA passes).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void whoami(int *count) {
  printf("block %u of %u, thread %u of %u\n", blockIdx.x, gridDim.x, threadIdx.x, blockDim.x);
  printf("global %u, y %u z %u\n", blockIdx.x * blockDim.x + threadIdx.x, threadIdx.y, threadIdx.z);
  atomicAdd(count, 1);
}

int main() {
  int *count, host = 0;
  cudaMalloc(&count, sizeof(int));
  cudaMemset(count, 0, sizeof(int));
  whoami<<<2, 4>>>(count);
  cudaMemcpy(&host, count, sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(count);
  printf("%s\n", host == 8 ? "PASS" : "FAIL");
  return host == 8 ? 0 : 1;
}
