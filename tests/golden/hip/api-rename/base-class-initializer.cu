// A class deriving from a CUDA type (cusp's complex<float>, vendored by AMGX): the base in the
// constructor's initializer list is the same type as in the base-specifier, so both are renamed.
#include <cuComplex.h>

struct fcomplex : public cuFloatComplex {
  __host__ __device__ fcomplex(cuFloatComplex z) : cuFloatComplex(z) {}
  __host__ __device__ fcomplex(float re, float im) : cuFloatComplex(make_cuFloatComplex(re, im)) {}
  __host__ __device__ float real() const { return cuCrealf(*this); }
};

__global__ void conj(fcomplex *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = fcomplex(cuConjf(z[i]));
}
