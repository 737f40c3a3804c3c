// gpuport: hip_version=5.2
#include <hip/hip_runtime.h>
__device__ float f(float v) {
  return v + __shfl_down(v, 1);
}
