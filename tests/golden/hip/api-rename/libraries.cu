#include <cublas_v2.h>
#include <curand.h>
#include <cufft.h>
#include <cusparse.h>
#include <cuComplex.h>

void libs(float *a, float *b, float *c, int n, cuFloatComplex *z) {
  cublasHandle_t h;
  cublasCreate(&h);
  const float one = 1.0f;
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, n, b, n, &one, c, n);
  cublasDestroy(h);
  curandGenerator_t g;
  curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT);
  curandGenerateUniform(g, a, n);
  cufftHandle plan;
  cufftPlan1d(&plan, n, CUFFT_C2C, 1);
  cufftExecC2C(plan, (cufftComplex *)z, (cufftComplex *)z, CUFFT_FORWARD);
  cusparseHandle_t sp;
  cusparseCreate(&sp);
  z[0] = cuCmulf(z[0], make_cuFloatComplex(1.0f, 0.0f));
}
