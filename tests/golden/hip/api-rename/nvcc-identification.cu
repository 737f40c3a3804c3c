// nvcc's identification macro guards a C project's GPU path (gkylzero's gkyl_util.h): hipcc's takes its place.
#include <stdio.h>
#ifdef __NVCC__
#include <cuda_runtime.h>
#define CU_D __device__
#else
#define CU_D
#endif
#if defined(__NVCC__) && !defined(NO_GPU)
CU_D int twice(int v) { return 2 * v; }
#endif
__global__ void k(int *a) { printf("%d\n", twice(a[0])); }
