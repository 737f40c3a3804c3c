// gpuport: hip_version=5.2
// The CUDA samples' helper_cuda_drvapi.h: HIP 5.2 has no hipDrvGetErrorString/hipDrvGetErrorName, so the
// driver calls take the runtime's string functions (driver and runtime share hipError_t).
#include <cuda.h>
#include <cstdio>
#include <cstdlib>

inline void __checkCudaErrors(CUresult err, const char *file, const int line) {
  if (CUDA_SUCCESS != err) {
    const char *errorStr = NULL;
    cuGetErrorString(err, &errorStr);
    const char *name = NULL;
    if (cuGetErrorName(err, &name) == CUDA_SUCCESS)
      fprintf(stderr, "driver API error %04d %s \"%s\" at %s:%d\n", err, name, errorStr, file, line);
    exit(EXIT_FAILURE);
  }
}
