// gpuport HIP-on-CUDA layer: the HIP host runtime API on top of the CUDA runtime.
//
// Most of the API is a rename (hipMalloc is cudaMalloc): those #defines are generated from gpuport's mapping
// tables into gpuport_hip_map_*.h by scripts/gen_hip_on_cuda.py. This file holds what a rename cannot do:
// HIP names whose CUDA counterpart has another signature or layout in CUDA 13, and HIP-only names.
//
// Names this file defines by hand are listed on "gpuport-hand:" lines (or are #define'd); the generator
// skips them so the two never disagree.
#pragma once
// ROCm's include guards, which CUDA helper headers translated to HIP test (`#ifdef
// HIP_INCLUDE_HIP_HIP_RUNTIME_H` from `#ifdef __CUDA_RUNTIME_H__`): this layer stands for those headers.
#define HIP_INCLUDE_HIP_HIP_RUNTIME_API_H
#define HIP_INCLUDE_HIP_DRIVER_TYPES_H

#include "hip/hip_common.h"

#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <cuda_profiler_api.h>  // hipProfilerStart/Stop: part of HIP's runtime API, a header of its own in CUDA
#include <driver_types.h>

#include <cstddef>
#include <cstdio>
#include <cstring>

#include "gpuport_hip_map_types.h"
#include "gpuport_hip_map_runtime.h"
#include "gpuport_hip_map_driver.h"

// ---------------------------------------------------------------------------------------------------------
// Symbols. HIP on AMD takes the address of a symbol (HIP_SYMBOL(x) is &x there); CUDA's templated
// cudaMemcpyToSymbol and friends take the symbol itself, so on NVIDIA HIP_SYMBOL is the identity.
#define HIP_SYMBOL(X) X

// ---------------------------------------------------------------------------------------------------------
// Pinned host memory. HIP's flag bits for default/portable/mapped/write-combined equal CUDA's
// cudaHostAlloc* bits; the AMD-only coherence and NUMA bits have no CUDA meaning (pinned memory is coherent
// on NVIDIA) and are dropped.
#define hipHostMallocDefault 0x0u
#define hipHostMallocPortable 0x1u
#define hipHostMallocMapped 0x2u
#define hipHostMallocWriteCombined 0x4u
#define hipHostMallocNumaUser 0x20000000u
#define hipHostMallocCoherent 0x40000000u
#define hipHostMallocNonCoherent 0x80000000u

namespace gpuport_hip_detail {
inline unsigned int host_malloc_flags(unsigned int hip_flags) {
  unsigned int flags = cudaHostAllocDefault;
  if (hip_flags & hipHostMallocPortable) flags |= cudaHostAllocPortable;
  if (hip_flags & hipHostMallocMapped) flags |= cudaHostAllocMapped;
  if (hip_flags & hipHostMallocWriteCombined) flags |= cudaHostAllocWriteCombined;
  return flags;
}

inline cudaMemLocation mem_location(int device) {
  cudaMemLocation loc;
  std::memset(&loc, 0, sizeof(loc));
  if (device == cudaCpuDeviceId) {
    loc.type = cudaMemLocationTypeHost;
    loc.id = 0;
  } else {
    loc.type = cudaMemLocationTypeDevice;
    loc.id = device;
  }
  return loc;
}
}  // namespace gpuport_hip_detail

// gpuport-hand: hipHostMalloc hipHostFree hipHostAlloc hipMallocHost hipFreeHost
inline cudaError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags = hipHostMallocDefault) {
  return cudaHostAlloc(ptr, size, gpuport_hip_detail::host_malloc_flags(flags));
}
template <class T>
inline cudaError_t hipHostMalloc(T** ptr, size_t size, unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc(reinterpret_cast<void**>(ptr), size, flags);
}
// hipHostAlloc and hipMallocHost are HIP's deprecated spellings of the same call.
inline cudaError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc(ptr, size, flags);
}
template <class T>
inline cudaError_t hipHostAlloc(T** ptr, size_t size, unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc(reinterpret_cast<void**>(ptr), size, flags);
}
inline cudaError_t hipMallocHost(void** ptr, size_t size) { return cudaMallocHost(ptr, size); }
template <class T>
inline cudaError_t hipMallocHost(T** ptr, size_t size) {
  return cudaMallocHost(reinterpret_cast<void**>(ptr), size);
}
inline cudaError_t hipHostFree(void* ptr) { return cudaFreeHost(ptr); }
inline cudaError_t hipFreeHost(void* ptr) { return cudaFreeHost(ptr); }

// ---------------------------------------------------------------------------------------------------------
// Managed memory. CUDA 13 takes a cudaMemLocation where HIP takes a device ordinal (hipCpuDeviceId = host).
#define hipCpuDeviceId cudaCpuDeviceId
#define hipInvalidDeviceId cudaInvalidDeviceId

// gpuport-hand: hipMemPrefetchAsync hipMemAdvise
inline cudaError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device,
                                       cudaStream_t stream = 0) {
  return cudaMemPrefetchAsync(dev_ptr, count, gpuport_hip_detail::mem_location(device), 0u, stream);
}
// The CUDA 13 form, for code that already passes a location.
inline cudaError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, cudaMemLocation location,
                                       unsigned int flags, cudaStream_t stream = 0) {
  return cudaMemPrefetchAsync(dev_ptr, count, location, flags, stream);
}
inline cudaError_t hipMemAdvise(const void* dev_ptr, size_t count, cudaMemoryAdvise advice, int device) {
  return cudaMemAdvise(dev_ptr, count, advice, gpuport_hip_detail::mem_location(device));
}
inline cudaError_t hipMemAdvise(const void* dev_ptr, size_t count, cudaMemoryAdvise advice,
                                cudaMemLocation location) {
  return cudaMemAdvise(dev_ptr, count, advice, location);
}

// ---------------------------------------------------------------------------------------------------------
// Device properties. CUDA 13 dropped several cudaDeviceProp fields that HIP's hipDeviceProp_t still has
// (clockRate, memoryClockRate, computeMode, kernelExecTimeoutEnabled, maxTexture1DLinear,
// cooperativeMultiDeviceLaunch), and HIP adds AMD-only ones (gcnArchName, arch, ...). hipDeviceProp_t is
// therefore every cudaDeviceProp field plus those; hipGetDeviceProperties fills the extra ones from device
// attributes. It converts to cudaDeviceProp* where a CUDA call wants one (hipChooseDevice).

// gpuport-hand: hipDeviceArch_t hipDeviceProp_t hipGetDeviceProperties
struct hipDeviceArch_t {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
};

struct hipDeviceProp_t : public cudaDeviceProp {
  int clockRate;                            // kHz (cudaDevAttrClockRate)
  int memoryClockRate;                      // kHz (cudaDevAttrMemoryClockRate)
  int computeMode;                          // cudaComputeMode value
  int kernelExecTimeoutEnabled;
  int maxTexture1DLinear;
  int cooperativeMultiDeviceLaunch;         // CUDA 13 has no multi-device launch: 0
  int clockInstructionRate;                 // kHz; HIP-only, the core clock here
  size_t maxSharedMemoryPerMultiProcessor;  // HIP's name for sharedMemPerMultiprocessor
  int gcnArch;                              // AMD-only: 0
  char gcnArchName[256];                    // "sm_<major><minor>" here
  hipDeviceArch_t arch;
  int isLargeBar;                           // AMD-only: 0
  int asicRevision;                         // AMD-only: 0
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
};

inline cudaError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device) {
  if (prop == nullptr) return cudaErrorInvalidValue;
  std::memset(static_cast<void*>(prop), 0, sizeof(*prop));
  cudaError_t err = cudaGetDeviceProperties(static_cast<cudaDeviceProp*>(prop), device);
  if (err != cudaSuccess) return err;
  // An attribute this driver does not report leaves its field 0; clear the error it records so a later
  // hipGetLastError() does not see it.
  auto attr = [device](cudaDeviceAttr a) {
    int v = 0;
    if (cudaDeviceGetAttribute(&v, a, device) != cudaSuccess) {
      (void)cudaGetLastError();
      v = 0;
    }
    return v;
  };
  prop->clockRate = attr(cudaDevAttrClockRate);
  prop->memoryClockRate = attr(cudaDevAttrMemoryClockRate);
  prop->computeMode = attr(cudaDevAttrComputeMode);
  prop->kernelExecTimeoutEnabled = attr(cudaDevAttrKernelExecTimeout);
  prop->maxTexture1DLinear = attr(cudaDevAttrMaxTexture1DLinearWidth);
  prop->cooperativeMultiDeviceLaunch = 0;
  prop->clockInstructionRate = prop->clockRate;
  prop->maxSharedMemoryPerMultiProcessor = prop->sharedMemPerMultiprocessor;
  std::snprintf(prop->gcnArchName, sizeof(prop->gcnArchName), "sm_%d%d", prop->major, prop->minor);
  // Every architecture CUDA 13 supports (sm_75 and newer) has all of these.
  hipDeviceArch_t& a = prop->arch;
  a.hasGlobalInt32Atomics = a.hasGlobalFloatAtomicExch = a.hasSharedInt32Atomics = 1;
  a.hasSharedFloatAtomicExch = a.hasFloatAtomicAdd = a.hasGlobalInt64Atomics = a.hasSharedInt64Atomics = 1;
  a.hasDoubles = a.hasWarpVote = a.hasWarpBallot = a.hasWarpShuffle = a.hasFunnelShift = 1;
  a.hasThreadFenceSystem = a.hasSyncThreadsExt = a.hasSurfaceFuncs = a.has3dGrid = 1;
  a.hasDynamicParallelism = 1;
  return cudaSuccess;
}

// ---------------------------------------------------------------------------------------------------------
// Device attributes: HIP's hipDeviceAttribute* names for the attributes CUDA 13 has. hipDeviceAttribute_t
// is CUDA's enum, so hipDeviceGetAttribute is cudaDeviceGetAttribute.
#define hipDeviceAttribute_t cudaDeviceAttr
#define hipDeviceAttributeAccessPolicyMaxWindowSize cudaDevAttrMaxAccessPolicyWindowSize
#define hipDeviceAttributeAsyncEngineCount cudaDevAttrAsyncEngineCount
#define hipDeviceAttributeCanMapHostMemory cudaDevAttrCanMapHostMemory
#define hipDeviceAttributeCanUseHostPointerForRegisteredMem cudaDevAttrCanUseHostPointerForRegisteredMem
#define hipDeviceAttributeClockRate cudaDevAttrClockRate
#define hipDeviceAttributeComputeCapabilityMajor cudaDevAttrComputeCapabilityMajor
#define hipDeviceAttributeComputeCapabilityMinor cudaDevAttrComputeCapabilityMinor
#define hipDeviceAttributeComputeMode cudaDevAttrComputeMode
#define hipDeviceAttributeComputePreemptionSupported cudaDevAttrComputePreemptionSupported
#define hipDeviceAttributeConcurrentKernels cudaDevAttrConcurrentKernels
#define hipDeviceAttributeConcurrentManagedAccess cudaDevAttrConcurrentManagedAccess
#define hipDeviceAttributeCooperativeLaunch cudaDevAttrCooperativeLaunch
#define hipDeviceAttributeDeviceOverlap cudaDevAttrGpuOverlap
#define hipDeviceAttributeDirectManagedMemAccessFromHost cudaDevAttrDirectManagedMemAccessFromHost
#define hipDeviceAttributeEccEnabled cudaDevAttrEccEnabled
#define hipDeviceAttributeGlobalL1CacheSupported cudaDevAttrGlobalL1CacheSupported
#define hipDeviceAttributeHostNativeAtomicSupported cudaDevAttrHostNativeAtomicSupported
#define hipDeviceAttributeIntegrated cudaDevAttrIntegrated
#define hipDeviceAttributeIsMultiGpuBoard cudaDevAttrIsMultiGpuBoard
#define hipDeviceAttributeKernelExecTimeout cudaDevAttrKernelExecTimeout
#define hipDeviceAttributeL2CacheSize cudaDevAttrL2CacheSize
#define hipDeviceAttributeLocalL1CacheSupported cudaDevAttrLocalL1CacheSupported
#define hipDeviceAttributeManagedMemory cudaDevAttrManagedMemory
#define hipDeviceAttributeMaxBlockDimX cudaDevAttrMaxBlockDimX
#define hipDeviceAttributeMaxBlockDimY cudaDevAttrMaxBlockDimY
#define hipDeviceAttributeMaxBlockDimZ cudaDevAttrMaxBlockDimZ
#define hipDeviceAttributeMaxBlocksPerMultiProcessor cudaDevAttrMaxBlocksPerMultiprocessor
#define hipDeviceAttributeMaxGridDimX cudaDevAttrMaxGridDimX
#define hipDeviceAttributeMaxGridDimY cudaDevAttrMaxGridDimY
#define hipDeviceAttributeMaxGridDimZ cudaDevAttrMaxGridDimZ
#define hipDeviceAttributeMaxPitch cudaDevAttrMaxPitch
#define hipDeviceAttributeMaxRegistersPerBlock cudaDevAttrMaxRegistersPerBlock
#define hipDeviceAttributeMaxRegistersPerMultiprocessor cudaDevAttrMaxRegistersPerMultiprocessor
#define hipDeviceAttributeMaxSharedMemoryPerBlock cudaDevAttrMaxSharedMemoryPerBlock
#define hipDeviceAttributeMaxSharedMemoryPerMultiprocessor cudaDevAttrMaxSharedMemoryPerMultiprocessor
#define hipDeviceAttributeMaxTexture1DLinear cudaDevAttrMaxTexture1DLinearWidth
#define hipDeviceAttributeMaxTexture1DWidth cudaDevAttrMaxTexture1DWidth
#define hipDeviceAttributeMaxTexture2DHeight cudaDevAttrMaxTexture2DHeight
#define hipDeviceAttributeMaxTexture2DWidth cudaDevAttrMaxTexture2DWidth
#define hipDeviceAttributeMaxTexture3DDepth cudaDevAttrMaxTexture3DDepth
#define hipDeviceAttributeMaxTexture3DHeight cudaDevAttrMaxTexture3DHeight
#define hipDeviceAttributeMaxTexture3DWidth cudaDevAttrMaxTexture3DWidth
#define hipDeviceAttributeMaxThreadsPerBlock cudaDevAttrMaxThreadsPerBlock
#define hipDeviceAttributeMaxThreadsPerMultiProcessor cudaDevAttrMaxThreadsPerMultiProcessor
#define hipDeviceAttributeMemoryBusWidth cudaDevAttrGlobalMemoryBusWidth
#define hipDeviceAttributeMemoryClockRate cudaDevAttrMemoryClockRate
#define hipDeviceAttributeMemoryPoolsSupported cudaDevAttrMemoryPoolsSupported
#define hipDeviceAttributeMultiGpuBoardGroupID cudaDevAttrMultiGpuBoardGroupID
#define hipDeviceAttributeMultiprocessorCount cudaDevAttrMultiProcessorCount
#define hipDeviceAttributePageableMemoryAccess cudaDevAttrPageableMemoryAccess
#define hipDeviceAttributePageableMemoryAccessUsesHostPageTables cudaDevAttrPageableMemoryAccessUsesHostPageTables
#define hipDeviceAttributePciBusId cudaDevAttrPciBusId
#define hipDeviceAttributePciDeviceId cudaDevAttrPciDeviceId
#define hipDeviceAttributePciDomainID cudaDevAttrPciDomainId
#define hipDeviceAttributePersistingL2CacheMaxSize cudaDevAttrMaxPersistingL2CacheSize
#define hipDeviceAttributeReservedSharedMemPerBlock cudaDevAttrReservedSharedMemoryPerBlock
#define hipDeviceAttributeSharedMemPerBlockOptin cudaDevAttrMaxSharedMemoryPerBlockOptin
#define hipDeviceAttributeSharedMemPerMultiprocessor cudaDevAttrMaxSharedMemoryPerMultiprocessor
#define hipDeviceAttributeSingleToDoublePrecisionPerfRatio cudaDevAttrSingleToDoublePrecisionPerfRatio
#define hipDeviceAttributeStreamPrioritiesSupported cudaDevAttrStreamPrioritiesSupported
#define hipDeviceAttributeSurfaceAlignment cudaDevAttrSurfaceAlignment
#define hipDeviceAttributeTccDriver cudaDevAttrTccDriver
#define hipDeviceAttributeTextureAlignment cudaDevAttrTextureAlignment
#define hipDeviceAttributeTexturePitchAlignment cudaDevAttrTexturePitchAlignment
#define hipDeviceAttributeTotalConstantMemory cudaDevAttrTotalConstantMemory
#define hipDeviceAttributeUnifiedAddressing cudaDevAttrUnifiedAddressing
#define hipDeviceAttributeWarpSize cudaDevAttrWarpSize
// HIP-only: the instruction clock is the core clock on NVIDIA.
#define hipDeviceAttributeClockInstructionRate cudaDevAttrClockRate
