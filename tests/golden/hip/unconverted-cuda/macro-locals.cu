// A checking macro's own variable (gups.cu's CUDA_RT_CALL: `cudaError_t cudaStatus = call;`) is not
// CUDA's: macro bodies are raw text to the parser, so the declaration is read from the tokens (a type of
// the tables, the name, then `=`). An unknown CUDA-looking name that the macro only uses is still reported.
#include <cstdio>

#define CUDA_RT_CALL(call)                                                   \
  {                                                                          \
    cudaError_t cudaStatus = call;                                           \
    if (cudaSuccess != cudaStatus)                                           \
      fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(cudaStatus)); \
  }

#define LAUNCH_CHECK() { cudaErr = cudaGetLastError(); }

void f(float **p) {
  CUDA_RT_CALL(cudaMalloc(p, 16));
}
