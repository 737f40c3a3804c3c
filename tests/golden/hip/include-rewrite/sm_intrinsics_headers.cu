// era-bellman includes sm_32_intrinsics.h for __ldg, PhysX vector_functions.h for make_float2: what hip_runtime.h (HIP) or the file itself (SYCL) provides.
#include <cuda_runtime.h>
#include <sm_32_intrinsics.h>
#include <vector_functions.h>
__global__ void k(const float *a, float2 *o) { o[0] = make_float2(__ldg(a), 1.f); }
