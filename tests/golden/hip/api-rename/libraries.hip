#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hiprand/hiprand.h>
#include <hipfft/hipfft.h>
#include <hipsparse/hipsparse.h>
#include <hip/hip_complex.h>

void libs(float *a, float *b, float *c, int n, hipFloatComplex *z) {
  hipblasHandle_t h;
  hipblasCreate(&h);
  const float one = 1.0f;
  hipblasSgemm(h, HIPBLAS_OP_N, HIPBLAS_OP_N, n, n, n, &one, a, n, b, n, &one, c, n);
  hipblasDestroy(h);
  hiprandGenerator_t g;
  hiprandCreateGenerator(&g, HIPRAND_RNG_PSEUDO_DEFAULT);
  hiprandGenerateUniform(g, a, n);
  hipfftHandle plan;
  hipfftPlan1d(&plan, n, HIPFFT_C2C, 1);
  hipfftExecC2C(plan, (hipfftComplex *)z, (hipfftComplex *)z, HIPFFT_FORWARD);
  hipsparseHandle_t sp;
  hipsparseCreate(&sp);
  z[0] = hipCmulf(z[0], make_hipFloatComplex(1.0f, 0.0f));
}
