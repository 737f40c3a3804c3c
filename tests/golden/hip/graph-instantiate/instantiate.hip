#include <hip/hip_runtime.h>

void run(hipGraph_t graph, hipStream_t s) {
  hipGraphExec_t exec;
  hipGraphInstantiateWithFlags(&exec, graph, 0);  // CUDA 12
  hipGraphExec_t exec11;
  char log[256];
  hipGraphInstantiate(&exec11, graph, nullptr, log, sizeof(log));  // CUDA 11
  auto fn = &cudaGraphInstantiate;  // cannot tell which form: reported
  hipGraphLaunch(exec, s);
  (void)fn;
}
