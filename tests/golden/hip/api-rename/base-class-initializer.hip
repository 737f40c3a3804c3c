// A class deriving from a CUDA type (cusp's complex<float>, vendored by AMGX): the base in the
// constructor's initializer list is the same type as in the base-specifier, so both are renamed.
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>

struct fcomplex : public hipFloatComplex {
  __host__ __device__ fcomplex(hipFloatComplex z) : hipFloatComplex(z) {}
  __host__ __device__ fcomplex(float re, float im) : hipFloatComplex(make_hipFloatComplex(re, im)) {}
  __host__ __device__ float real() const { return hipCrealf(*this); }
};

__global__ void conj(fcomplex *z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = fcomplex(hipConjf(z[i]));
}
