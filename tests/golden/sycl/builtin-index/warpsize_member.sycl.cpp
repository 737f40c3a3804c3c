// cudaDeviceProp's warpSize member in host code is not the built-in variable.
#include <cstdio>
#include <sycl/sycl.hpp>
#ifndef GPUPORT_SYCL_QUEUE
#define GPUPORT_SYCL_QUEUE
inline sycl::queue &gpuport_queue() {
  static sycl::queue q{sycl::property_list{sycl::property::queue::in_order{}, sycl::property::queue::enable_profiling{}}};
  return q;
}
#endif
#ifndef GPUPORT_DEVICE_PROP
#define GPUPORT_DEVICE_PROP
#include <algorithm>
#include <cstdio>
#include <string>
// cudaDeviceProp: CUDA's field names, filled from the queue's device. Fields SYCL 2020 cannot query hold
// CUDA's programming-model limits or 0; the compute capability reads 9.0 so CUDA's capability checks pass.
struct gpuport_device_prop {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock, sharedMemPerMultiprocessor, sharedMemPerBlockOptin, totalConstMem,
      memPitch, textureAlignment;
  int regsPerBlock, regsPerMultiprocessor, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3],
      clockRate, memoryClockRate, memoryBusWidth, multiProcessorCount, maxThreadsPerMultiProcessor,
      maxBlocksPerMultiProcessor, l2CacheSize, major, minor, deviceOverlap, asyncEngineCount,
      concurrentKernels, canMapHostMemory, unifiedAddressing, managedMemory, concurrentManagedAccess,
      pageableMemoryAccess, integrated, ECCEnabled, kernelExecTimeoutEnabled, computeMode, pciBusID,
      pciDeviceID, pciDomainID, isMultiGpuBoard, cooperativeLaunch, streamPrioritiesSupported;
};
static inline int gpuport_get_device_properties(gpuport_device_prop *p, int) {
  const sycl::device d = gpuport_queue().get_device();
  *p = gpuport_device_prop{};
  const std::string n = d.get_info<sycl::info::device::name>();
  std::snprintf(p->name, sizeof p->name, "%s", n.c_str());
  p->totalGlobalMem = d.get_info<sycl::info::device::global_mem_size>();
  p->sharedMemPerBlock = p->sharedMemPerMultiprocessor = p->sharedMemPerBlockOptin =
      d.get_info<sycl::info::device::local_mem_size>();
  p->totalConstMem = 65536;
  p->memPitch = 2147483647;
  p->textureAlignment = 512;
  p->regsPerBlock = p->regsPerMultiprocessor = 65536;
  const std::vector<size_t> sg = d.get_info<sycl::info::device::sub_group_sizes>();
  p->warpSize = sg.empty() ? 32 : (int)*std::max_element(sg.begin(), sg.end());
  p->maxThreadsPerBlock = (int)d.get_info<sycl::info::device::max_work_group_size>();
  const sycl::id<3> dims = d.get_info<sycl::info::device::max_work_item_sizes<3>>();
  p->maxThreadsDim[0] = (int)dims[2];
  p->maxThreadsDim[1] = (int)dims[1];
  p->maxThreadsDim[2] = (int)dims[0];
  p->maxGridSize[0] = 2147483647;
  p->maxGridSize[1] = p->maxGridSize[2] = 65535;
  p->clockRate = (int)d.get_info<sycl::info::device::max_clock_frequency>() * 1000;
  p->multiProcessorCount = (int)d.get_info<sycl::info::device::max_compute_units>();
  p->maxThreadsPerMultiProcessor = 2048;
  p->maxBlocksPerMultiProcessor = 32;
  p->l2CacheSize = (int)d.get_info<sycl::info::device::global_mem_cache_size>();
  p->major = 9;
  p->minor = 0;
  p->deviceOverlap = p->asyncEngineCount = p->concurrentKernels = 1;
  p->canMapHostMemory = d.has(sycl::aspect::usm_host_allocations);
  p->unifiedAddressing = p->managedMemory = p->concurrentManagedAccess = d.has(sycl::aspect::usm_shared_allocations);
  p->ECCEnabled = d.get_info<sycl::info::device::error_correction_support>();
  return 0;
}
#endif
int main() {
  gpuport_device_prop prop;
  gpuport_get_device_properties(&prop, 0);
  printf("warp %d\n", prop.warpSize);
  return 0;
}
