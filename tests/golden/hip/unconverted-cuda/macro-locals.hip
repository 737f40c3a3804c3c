// A checking macro's own variable (gups.cu's CUDA_RT_CALL: `cudaError_t cudaStatus = call;`) is not
// CUDA's: macro bodies are raw text to the parser, so the declaration is read from the tokens (a type of
// the tables, the name, then `=`). An unknown CUDA-looking name that the macro only uses is still reported.
#include <hip/hip_runtime.h>
#include <cstdio>

#define CUDA_RT_CALL(call)                                                   \
  {                                                                          \
    hipError_t cudaStatus = call;                                           \
    if (hipSuccess != cudaStatus)                                           \
      fprintf(stderr, "%s failed: %s\n", #call, hipGetErrorString(cudaStatus)); \
  }

#define LAUNCH_CHECK() { cudaErr = hipGetLastError(); }

void f(float **p) {
  CUDA_RT_CALL(hipMalloc(p, 16));
}
