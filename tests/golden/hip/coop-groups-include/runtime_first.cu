#include <cuda_runtime.h>
#include <cooperative_groups.h>
__global__ void k() { cooperative_groups::this_thread_block().sync(); }
