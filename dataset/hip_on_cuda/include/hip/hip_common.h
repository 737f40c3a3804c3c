// gpuport HIP-on-CUDA layer: platform and version macros.
// Hand-written for gpuport. It lets nvcc compile HIP source so a HIP translation can be run on NVIDIA GPUs
// and compared with its CUDA original.
#pragma once

#ifndef __HIP_PLATFORM_NVIDIA__
#define __HIP_PLATFORM_NVIDIA__ 1
#endif
// Older HIP spelling of the same platform macro; some code still tests it.
#ifndef __HIP_PLATFORM_NVCC__
#define __HIP_PLATFORM_NVCC__ 1
#endif

// hipcc on NVIDIA defines __HIPCC__ when it compiles with nvcc; __HIP_DEVICE_COMPILE__ marks the device pass.
#if defined(__CUDACC__) && !defined(__HIPCC__)
#define __HIPCC__ 1
#endif
#if defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
#define __HIP_DEVICE_COMPILE__ 1
#endif

// The HIP API level this layer offers. Both the mask-less warp functions of HIP < 6.2 and the *_sync forms
// of HIP >= 6.2 work here (CUDA has the latter), so we report 6.2. Override with -DHIP_VERSION_MAJOR=...
#ifndef HIP_VERSION_MAJOR
#define HIP_VERSION_MAJOR 6
#endif
#ifndef HIP_VERSION_MINOR
#define HIP_VERSION_MINOR 2
#endif
#ifndef HIP_VERSION_PATCH
#define HIP_VERSION_PATCH 0
#endif
#ifndef HIP_VERSION
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
#endif

// Marker the generated maps test so they are only used through these headers.
#define GPUPORT_HIP_ON_CUDA 1
