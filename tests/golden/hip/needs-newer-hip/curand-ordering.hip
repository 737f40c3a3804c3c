// gpuport: hip_version=5.7
// hipRAND's generator ordering API arrived with ROCm 6.2: reported for an older target.
#include <hip/hip_runtime.h>
#include <hiprand/hiprand.h>

void order(hiprandGenerator_t g) {
  curandOrdering_t o = CURAND_ORDERING_PSEUDO_DEFAULT;
  curandSetGeneratorOrdering(g, o);
}
