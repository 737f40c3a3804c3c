// gpuport: hip_version=6.2
// ROCm 6.2 and later: renamed.
#include <curand.h>

void order(curandGenerator_t g) {
  curandOrdering_t o = CURAND_ORDERING_PSEUDO_DEFAULT;
  curandSetGeneratorOrdering(g, o);
}
