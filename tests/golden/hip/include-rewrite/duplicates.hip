// Includes that map to a header an earlier one already became are removed, unless a conditional
// directive separates them; texture_fetch_functions.h has no HIP counterpart to include.
#include <hip/hip_runtime.h>
#include "hipblas/hipblas.h"
#include "hiprand/hiprand_kernel.h"
#ifndef HIPSOLVER_USE_HIPBLAS_ENUMS
#define HIPSOLVER_USE_HIPBLAS_ENUMS
#endif
#include "hipsolver/hipsolver.h"
#ifdef USE_SP
#include "hipsolver/hipsolver.h"
#endif
__global__ void k() {}
