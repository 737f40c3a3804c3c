#pragma once
#include <cuda_runtime.h>
#define CUTIL_SAFE_CALL(call) do { cudaError_t e = (call); if (e != cudaSuccess) return e; } while (0)
