// The CUDA samples' helper_cuda_drvapi.h defines checkCudaErrors and its driver-API helpers only when
// cuda.h was included before it, by testing cuda.h's include guard; hip_runtime.h (what cuda.h becomes)
// defines hip_runtime_api.h's guard, so the helpers stay enabled.
#include <hip/hip_runtime.h>
#include <stdio.h>

#ifdef HIP_INCLUDE_HIP_HIP_RUNTIME_API_H
#ifndef checkCudaErrors
#define checkCudaErrors(err) __checkCudaErrors(err, __FILE__, __LINE__)
inline void __checkCudaErrors(hipError_t err, const char *file, const int line) {
  if (hipSuccess != err) fprintf(stderr, "%s:%d: driver error %d\n", file, line, (int)err);
}
#endif
#endif

int main() {
  checkCudaErrors(hipInit(0));
  return 0;
}
