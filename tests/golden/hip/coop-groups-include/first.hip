#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_runtime.h>
namespace cg = cooperative_groups;
__global__ void k() { cg::this_thread_block().sync(); }
