#include <cuda_runtime.h>

void run(cudaGraph_t graph, cudaStream_t s) {
  cudaGraphExec_t exec;
  cudaGraphInstantiate(&exec, graph, 0);  // CUDA 12
  cudaGraphExec_t exec11;
  char log[256];
  cudaGraphInstantiate(&exec11, graph, nullptr, log, sizeof(log));  // CUDA 11
  auto fn = &cudaGraphInstantiate;  // cannot tell which form: reported
  cudaGraphLaunch(exec, s);
  (void)fn;
}
