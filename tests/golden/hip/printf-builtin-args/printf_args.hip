// Members of the built-in index variables given to printf; arithmetic on them is already unsigned int.
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void hello() {
  printf("block %d thread %d of %d idx %d\n", static_cast<unsigned int>(blockIdx.x), static_cast<unsigned int>(threadIdx.x), static_cast<unsigned int>(blockDim.x), blockIdx.x * blockDim.x + threadIdx.x);
  printf("%u %u\n", static_cast<unsigned int>(gridDim.y), static_cast<unsigned int>(threadIdx.z));
}
int main() { hello<<<2, 4>>>(); hipDeviceSynchronize(); return 0; }
