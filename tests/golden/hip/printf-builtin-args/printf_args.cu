// Members of the built-in index variables given to printf; arithmetic on them is already unsigned int.
#include <cstdio>
__global__ void hello() {
  printf("block %d thread %d of %d idx %d\n", blockIdx.x, threadIdx.x, blockDim.x, blockIdx.x * blockDim.x + threadIdx.x);
  printf("%u %u\n", gridDim.y, threadIdx.z);
}
int main() { hello<<<2, 4>>>(); cudaDeviceSynchronize(); return 0; }
