// gpuport: hip_version=6.2
// CUDA 12's generic graph-node parameters arrived in HIP 6.3: reported for 6.2.
#include <hip/hip_runtime.h>

void flags(hipGraphExec_t e, unsigned long long *f) { cudaGraphExecGetFlags(e, f); }
