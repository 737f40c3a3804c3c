#pragma once
#ifdef __HIP_PLATFORM_AMD__
#include <hip/hip_runtime.h>
#define gpuMalloc hipMalloc
#define gpuMemcpy hipMemcpy
#define gpuFree hipFree
#define gpuMemcpyHostToDevice hipMemcpyHostToDevice
#define gpuMemcpyDeviceToHost hipMemcpyDeviceToHost
#define gpuDeviceSynchronize hipDeviceSynchronize
#else
#include <cuda_runtime.h>
#define gpuMalloc cudaMalloc
#define gpuMemcpy cudaMemcpy
#define gpuFree cudaFree
#define gpuMemcpyHostToDevice cudaMemcpyHostToDevice
#define gpuMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define gpuDeviceSynchronize cudaDeviceSynchronize
#endif
