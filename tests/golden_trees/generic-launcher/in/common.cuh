#pragma once
#include <cuda_runtime.h>
#include <utility>
struct launch_params {
  dim3 block_nums;
  dim3 block_dims;
  size_t shmem;
  cudaStream_t stream;
};
static __device__ __forceinline__ void pdl_wait() { cudaGridDependencySynchronize(); }
static __device__ __forceinline__ void pdl_done() { cudaTriggerProgrammaticLaunchCompletion(); }
struct pdl_config {
  cudaLaunchAttribute attr;
  cudaLaunchConfig_t cfg;
  pdl_config(const launch_params &p) {
    attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr.val.programmaticStreamSerializationAllowed = 1;
    cfg = {};
    cfg.gridDim = p.block_nums;
    cfg.blockDim = p.block_dims;
    cfg.dynamicSmemBytes = p.shmem;
    cfg.stream = p.stream;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
  }
};
// Launches with programmatic dependent launch when asked, else with <<<>>>.
template <typename Kernel, typename... Args>
static void kernel_launch(bool pdl, Kernel kernel, const launch_params &p, Args &&...args) {
  if (pdl) {
    pdl_config c(p);
    cudaLaunchKernelEx(&c.cfg, kernel, std::forward<Args>(args)...);
    return;
  }
  kernel<<<p.block_nums, p.block_dims, p.shmem, p.stream>>>(std::forward<Args>(args)...);
}
