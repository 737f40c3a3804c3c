#include <hip/hip_runtime.h>
#include <hip/hip_runtime_api.h>
#include <hip/hip_fp16.h>
#include <hiprand/hiprand_kernel.h>
#include <hip/hip_cooperative_groups.h>
#include "user-cuda.h"
#include "kernels.cuh"
#include <vector>
