// The CUDA samples' helper_cuda_drvapi.h defines checkCudaErrors and its driver-API helpers only when
// cuda.h was included before it, by testing cuda.h's include guard; hip_runtime.h (what cuda.h becomes)
// defines hip_runtime_api.h's guard, so the helpers stay enabled.
#include <cuda.h>
#include <stdio.h>

#ifdef __cuda_cuda_h__
#ifndef checkCudaErrors
#define checkCudaErrors(err) __checkCudaErrors(err, __FILE__, __LINE__)
inline void __checkCudaErrors(CUresult err, const char *file, const int line) {
  if (CUDA_SUCCESS != err) fprintf(stderr, "%s:%d: driver error %d\n", file, line, (int)err);
}
#endif
#endif

int main() {
  checkCudaErrors(cuInit(0));
  return 0;
}
