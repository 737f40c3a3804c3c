#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
__global__ void k() { cooperative_groups::this_thread_block().sync(); }
