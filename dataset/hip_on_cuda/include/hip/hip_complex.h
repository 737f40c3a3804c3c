// gpuport HIP-on-CUDA layer: HIP's complex numbers over CUDA's cuComplex.h. hipFloatComplex is
// cuFloatComplex (a float2) and every hipC* function calls its cuC* twin, so results match bit for bit.
#pragma once

#include "hip/hip_common.h"

#include <cuComplex.h>
#include <cuda_runtime.h>

// gpuport-hand: hipFloatComplex hipDoubleComplex hipComplex
typedef cuFloatComplex hipFloatComplex;
typedef cuDoubleComplex hipDoubleComplex;
typedef cuComplex hipComplex;

// gpuport-hand: hipCrealf hipCimagf make_hipFloatComplex hipConjf hipCsqabsf hipCaddf hipCsubf hipCmulf
// gpuport-hand: hipCdivf hipCabsf hipCfmaf
__host__ __device__ static inline float hipCrealf(hipFloatComplex z) { return cuCrealf(z); }
__host__ __device__ static inline float hipCimagf(hipFloatComplex z) { return cuCimagf(z); }
__host__ __device__ static inline hipFloatComplex make_hipFloatComplex(float re, float im) {
  return make_cuFloatComplex(re, im);
}
__host__ __device__ static inline hipFloatComplex hipConjf(hipFloatComplex z) { return cuConjf(z); }
// |z|^2 without the square root (HIP-only).
__host__ __device__ static inline float hipCsqabsf(hipFloatComplex z) {
  return cuCrealf(z) * cuCrealf(z) + cuCimagf(z) * cuCimagf(z);
}
__host__ __device__ static inline hipFloatComplex hipCaddf(hipFloatComplex a, hipFloatComplex b) {
  return cuCaddf(a, b);
}
__host__ __device__ static inline hipFloatComplex hipCsubf(hipFloatComplex a, hipFloatComplex b) {
  return cuCsubf(a, b);
}
__host__ __device__ static inline hipFloatComplex hipCmulf(hipFloatComplex a, hipFloatComplex b) {
  return cuCmulf(a, b);
}
__host__ __device__ static inline hipFloatComplex hipCdivf(hipFloatComplex a, hipFloatComplex b) {
  return cuCdivf(a, b);
}
__host__ __device__ static inline float hipCabsf(hipFloatComplex z) { return cuCabsf(z); }
__host__ __device__ static inline hipFloatComplex hipCfmaf(hipFloatComplex x, hipFloatComplex y,
                                                           hipFloatComplex d) {
  return cuCfmaf(x, y, d);
}

// gpuport-hand: hipCreal hipCimag make_hipDoubleComplex hipConj hipCsqabs hipCadd hipCsub hipCmul hipCdiv
// gpuport-hand: hipCabs hipCfma
__host__ __device__ static inline double hipCreal(hipDoubleComplex z) { return cuCreal(z); }
__host__ __device__ static inline double hipCimag(hipDoubleComplex z) { return cuCimag(z); }
__host__ __device__ static inline hipDoubleComplex make_hipDoubleComplex(double re, double im) {
  return make_cuDoubleComplex(re, im);
}
__host__ __device__ static inline hipDoubleComplex hipConj(hipDoubleComplex z) { return cuConj(z); }
__host__ __device__ static inline double hipCsqabs(hipDoubleComplex z) {
  return cuCreal(z) * cuCreal(z) + cuCimag(z) * cuCimag(z);
}
__host__ __device__ static inline hipDoubleComplex hipCadd(hipDoubleComplex a, hipDoubleComplex b) {
  return cuCadd(a, b);
}
__host__ __device__ static inline hipDoubleComplex hipCsub(hipDoubleComplex a, hipDoubleComplex b) {
  return cuCsub(a, b);
}
__host__ __device__ static inline hipDoubleComplex hipCmul(hipDoubleComplex a, hipDoubleComplex b) {
  return cuCmul(a, b);
}
__host__ __device__ static inline hipDoubleComplex hipCdiv(hipDoubleComplex a, hipDoubleComplex b) {
  return cuCdiv(a, b);
}
__host__ __device__ static inline double hipCabs(hipDoubleComplex z) { return cuCabs(z); }
__host__ __device__ static inline hipDoubleComplex hipCfma(hipDoubleComplex x, hipDoubleComplex y,
                                                           hipDoubleComplex d) {
  return cuCfma(x, y, d);
}

// gpuport-hand: make_hipComplex hipComplexFloatToDouble hipComplexDoubleToFloat
__host__ __device__ static inline hipComplex make_hipComplex(float re, float im) {
  return make_cuComplex(re, im);
}
__host__ __device__ static inline hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return cuComplexFloatToDouble(z);
}
__host__ __device__ static inline hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return cuComplexDoubleToFloat(z);
}

#include "gpuport_hip_map_complex.h"
