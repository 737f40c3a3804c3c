// cuda_device_runtime_api.h (ParRes's prk_cuda.h includes it) is part of the runtime header.
#include <cuda_device_runtime_api.h>
#include <cuda_runtime.h>
__global__ void k(int *a) { a[threadIdx.x] = 1; }
