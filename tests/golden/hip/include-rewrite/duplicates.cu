// Includes that map to a header an earlier one already became are removed, unless a conditional
// directive separates them; texture_fetch_functions.h has no HIP counterpart to include.
#include <cuda.h>
#include <cuda_runtime.h>
#include "cublas.h"
#include "cublas_v2.h"
#include "curand_kernel.h"
#include "curand_normal.h"
#include "cusolverDn.h"
#include "cusolverRf.h"
#include <texture_fetch_functions.h>
#ifdef USE_SP
#include "cusolverSp.h"
#endif
__global__ void k() {}
