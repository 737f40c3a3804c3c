// gpuport: hip_version=6.2
// ROCm 6.2 and later: renamed.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

void order(hiprandGenerator_t g) {
  hiprandOrdering_t o = HIPRAND_ORDERING_PSEUDO_DEFAULT;
  hiprandSetGeneratorOrdering(g, o);
}
