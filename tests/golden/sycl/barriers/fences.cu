#include <cuda_runtime.h>
__global__ void k(int *flag, int *data) {
    data[threadIdx.x] = 1;
    __threadfence();
    __threadfence_block();
    __syncwarp();
    __syncthreads();
    int all = __syncthreads_count(data[threadIdx.x] > 0);
    if (threadIdx.x == 0) flag[0] = all;
}
