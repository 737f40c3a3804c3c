// gpuport: hip_version=5.2
// The CUDA samples' helper_cuda_drvapi.h: HIP 5.2 has no hipDrvGetErrorString/hipDrvGetErrorName, so the
// driver calls take the runtime's string functions (driver and runtime share hipError_t).
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>

inline void __checkCudaErrors(hipError_t err, const char *file, const int line) {
  if (hipSuccess != err) {
    const char *errorStr = NULL;
    *(&errorStr) = hipGetErrorString(err);
    const char *name = NULL;
    if ((*(&name) = hipGetErrorName(err), hipSuccess) == hipSuccess)
      fprintf(stderr, "driver API error %04d %s \"%s\" at %s:%d\n", err, name, errorStr, file, line);
    exit(EXIT_FAILURE);
  }
}
