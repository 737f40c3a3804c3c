#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    int dev = 0;
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, dev);
    printf("%s: %d SMs, %zu bytes, %d threads per block, warp %d\n", prop.name, prop.multiProcessorCount,
           prop.totalGlobalMem, prop.maxThreadsPerBlock, prop.warpSize);
    if (prop.major < 3) {
        printf("needs compute capability 3.0\n");
        return 1;
    }
    return 0;
}
